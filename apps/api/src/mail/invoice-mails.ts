import { formatBps, formatCents, type Locale, VAT_RATE_BPS } from '@podpot/domain';
import type { MailContent } from './templates.js';
import { userText } from './user-text.js';

/** The invoice mail to a maker, in the language of the tip jar's first admin; the PDF is attached. */
export function invoiceMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; number: string; totalInclVat: number; period: string | null },
): MailContent {
  const total = formatCents(p.totalInclVat, locale);
  if (locale === 'nl') {
    return {
      subject: `Factuur ${p.number} - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        `In de bijlage vind je factuur ${p.number} voor ${userText(p.tipjarName)}${p.period ? ` (periode ${p.period})` : ''}.`,
        `Totaal inclusief ${formatBps(VAT_RATE_BPS, 'nl')} btw: ${total}.`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Invoice ${p.number} - ${p.brand}`,
    text: [
      'Hi,',
      '',
      `Attached is invoice ${p.number} for ${userText(p.tipjarName)}${p.period ? ` (period ${p.period})` : ''}.`,
      `Total including ${formatBps(VAT_RATE_BPS, 'en')} VAT: ${total}.`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
