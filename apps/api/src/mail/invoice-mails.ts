import { type Locale, VAT_RATE_BPS } from '@podpot/domain';
import { formatBps, formatCents } from '../i18n/format.js';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/** The invoice mail to a maker, in the language of the tip jar's first admin; the PDF is attached. */
export function invoiceMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; number: string; totalInclVat: number; period: string | null },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.invoice.subject', { number: p.number, brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        p.period
          ? t(locale, 'mail.invoice.attachedPeriod', { number: p.number, tipjar, period: p.period })
          : t(locale, 'mail.invoice.attached', { number: p.number, tipjar }),
        t(locale, 'mail.invoice.total', {
          rate: formatBps(VAT_RATE_BPS, locale),
          total: formatCents(p.totalInclVat, locale),
        }),
      ],
    ]),
  };
}
