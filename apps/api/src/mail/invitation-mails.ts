import type { Locale } from '@podpot/domain';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';

/**
 * To an invited address (decision 062): someone asks them to become an admin of a tip jar. Nothing
 * changes unless they accept, logged in with this address; the subject names no tip jar, so a name a
 * maker chose never reads as our own subject line.
 */
export function adminInvitationMail(
  locale: Locale,
  p: { brand: string; inviter: string; tipjarName: string; email: string; link: string; days: number },
): MailContent {
  return {
    subject: t(locale, 'mail.adminInvitation.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.adminInvitation.invites', { inviter: p.inviter, brand: p.brand, tipjar: p.tipjarName }),
      [t(locale, 'mail.adminInvitation.answer', { email: p.email }), p.link],
      t(locale, 'mail.adminInvitation.valid', { days: p.days }),
    ]),
  };
}
