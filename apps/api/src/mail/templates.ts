import type { Locale } from '@podpot/domain';
import { userText } from './user-text.js';

/**
 * Mail texts in the recipient's language. Each template returns subject and plain text;
 * `brand` is the configured brand name.
 */
export interface MailContent {
  subject: string;
  text: string;
}

export function passwordResetMail(locale: Locale, p: { brand: string; name: string; link: string }): MailContent {
  if (locale === 'nl') {
    return {
      subject: `Wachtwoord opnieuw instellen - ${p.brand}`,
      text: `Hoi ${userText(p.name)},\n\nJe hebt gevraagd om je wachtwoord opnieuw in te stellen. Dat kan via deze link (1 uur geldig, eenmalig te gebruiken):\n\n${p.link}\n\nHeb je dit niet zelf gevraagd? Dan kun je deze mail negeren.\n\nGroet,\n${p.brand}`,
    };
  }
  return {
    subject: `Reset your password - ${p.brand}`,
    text: `Hi ${userText(p.name)},\n\nYou asked to reset your password. Use this link (valid for 1 hour, works once):\n\n${p.link}\n\nDidn't ask for this? You can ignore this e-mail.\n\nBest,\n${p.brand}`,
  };
}
