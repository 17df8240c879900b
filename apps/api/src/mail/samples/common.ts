import type { Locale } from '@podpot/domain';
import type { MailContent } from '../templates.js';

/**
 * Every mail template with sample data, in either language: the /dev/mails preview draws them, and the
 * template tests render each one and look for these facts in both parts (decision 035).
 */
export interface MailSample {
  name: string;
  mail(locale: Locale, publicUrl: string): MailContent;
  /** What the recipient must find in the text and the HTML, per language. */
  facts: Record<Locale, string[]>;
}

/** What the samples share: the brand, a tip jar, a moment of payment and a monthly tip's manage link. */
export const brand = 'Podpot';
export const tipjarName = 'De Koffiepod';
export const paidAt = new Date(Date.UTC(2026, 10, 23, 11, 5));
export const manage = (url: string) => `${url}/recurringtips/manage?token=sample`;
