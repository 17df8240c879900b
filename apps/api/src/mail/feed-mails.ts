import type { Locale } from '@podpot/domain';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/** To a feed's owner address: the one-time code that proves the maker runs this podcast (decision 030). */
export function feedVerificationMail(
  locale: Locale,
  p: { brand: string; podcast: string; tipjarName: string; code: string; minutes: number },
): MailContent {
  const podcast = userText(p.podcast);
  return {
    subject: t(locale, 'mail.feedVerification.subject', { podcast: podcast.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.feedVerification.asked', { brand: p.brand, podcast, tipjar: userText(p.tipjarName) }),
      t(locale, 'mail.feedVerification.code', { code: p.code }),
      t(locale, 'mail.feedVerification.works', { minutes: p.minutes }),
    ]),
  };
}

/** To a tip jar's admins, once: the refresh job stopped reading their feed after repeated failures (decision 034). */
export function feedStoppedMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; feedUrl: string; failures: number; settingsLink: string },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.feedStopped.subject', { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.feedStopped.stopped', { brand: p.brand, tipjar, failures: p.failures }),
      userText(p.feedUrl).quoted(),
      t(locale, 'mail.feedStopped.again', { link: p.settingsLink }),
    ]),
  };
}
