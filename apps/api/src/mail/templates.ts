import type { Locale } from '@podpot/domain';
import { t } from '../i18n/translate.js';
import { userText } from './user-text.js';

/**
 * Mail texts in the recipient's language. Each template returns subject and plain text, its words
 * from the API's catalogs (i18n/en.ts, nl.ts; decision 074); `brand` is the configured brand name.
 */
export interface MailContent {
  subject: string;
  text: string;
}

/** A paragraph: one line, or lines (a `false` or null line left out); false or null: no paragraph. */
export type Paragraph = string | readonly (string | false | null)[] | false | null;

/**
 * A mail's plain text in the one shape every template writes (decision 035): the greeting, the
 * paragraphs apart by a blank line, the sign-off and the brand.
 */
export function mailText(locale: Locale, brand: string, greeting: string, paragraphs: readonly Paragraph[]): string {
  const blocks = paragraphs
    .filter((p) => p !== false && p !== null)
    .map((p) => (typeof p === 'string' ? p : p.filter((line) => line !== false && line !== null).join('\n')));
  return [greeting, ...blocks, `${t(locale, 'mail.signoff')}\n${brand}`].join('\n\n');
}

export function passwordResetMail(locale: Locale, p: { brand: string; name: string; link: string }): MailContent {
  return {
    subject: t(locale, 'mail.passwordReset.subject', { brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hiName', { name: userText(p.name) }), [
      t(locale, 'mail.passwordReset.asked'),
      p.link,
      t(locale, 'mail.passwordReset.ignore'),
    ]),
  };
}
