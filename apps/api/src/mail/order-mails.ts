import { type Locale, VAT_RATE_BPS } from '@podpot/domain';
import { formatBps, formatCents, formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/**
 * Mails of a maker's way in (issue 39): the receipt of a paid {product} order with its invoice, the
 * welcome with the next steps, and word that the registration is complete. In the maker's language.
 */

/**
 * The receipt of a paid order: what was paid incl. VAT with the VAT shown (the invoice's own amounts,
 * so mail and PDF never differ), the invoice number, date and order reference; the invoice PDF is
 * attached by the caller.
 */
export function orderReceiptMail(
  locale: Locale,
  p: {
    brand: string;
    tipjarName: string;
    number: string;
    totalExVat: number;
    vat: number;
    totalInclVat: number;
    paidAt: Date;
    reference: string;
    invoicesLink: string;
  },
): MailContent {
  const tipjar = userText(p.tipjarName);
  const money = (cents: number) => formatCents(cents, locale);
  return {
    subject: t(locale, 'mail.orderReceipt.subject', { brand: p.brand, tipjar: tipjar.inSubject(), number: p.number }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.orderReceipt.thanks', { brand: p.brand, tipjar }),
      [
        t(locale, 'mail.orderReceipt.total', { amount: money(p.totalInclVat) }),
        t(locale, 'mail.orderReceipt.exVat', { amount: money(p.totalExVat) }),
        t(locale, 'mail.orderReceipt.vat', { rate: formatBps(VAT_RATE_BPS, locale), amount: money(p.vat) }),
        t(locale, 'mail.orderReceipt.invoice', { number: p.number }),
        t(locale, 'mail.fact.date', { date: formatDateTime(p.paidAt, locale) }),
        t(locale, 'mail.fact.reference', { reference: p.reference }),
      ],
      t(locale, 'mail.orderReceipt.attached', { link: p.invoicesLink }),
    ]),
  };
}

/** The welcome once the order is paid and the page is live: the next steps, each with its link. */
export function welcomeMail(
  locale: Locale,
  p: {
    brand: string;
    tipjarName: string;
    pageLink: string;
    registrationLink: string;
    shareLink: string;
    settingsLink: string;
  },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.welcome.subject', { brand: p.brand, tipjar: tipjar.inSubject() }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.welcome.live', { brand: p.brand, tipjar, page: p.pageLink }),
      // A step a paragraph, its link last: the HTML part gives each step its button.
      [t(locale, 'mail.welcome.next'), t(locale, 'mail.welcome.register', { link: p.registrationLink })],
      t(locale, 'mail.welcome.share', { link: p.shareLink }),
      t(locale, 'mail.welcome.settings', { link: p.settingsLink }),
      t(locale, 'mail.welcome.mailed'),
    ]),
  };
}

/** The registration is complete: the bank account is verified and tips are paid out (isRegistrationComplete). */
export function payoutsReadyMail(
  locale: Locale,
  p: { brand: string; tipjarName: string; payoutsLink: string },
): MailContent {
  const tipjar = userText(p.tipjarName);
  return {
    subject: t(locale, 'mail.payoutsReady.subject', { brand: p.brand, tipjar: tipjar.inSubject() }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      t(locale, 'mail.payoutsReady.verified', { tipjar }),
      t(locale, 'mail.payoutsReady.see', { link: p.payoutsLink }),
    ]),
  };
}
