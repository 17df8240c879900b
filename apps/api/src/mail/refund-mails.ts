import type { Locale } from '@podpot/domain';
import { formatCents } from '../i18n/format.js';
import { t } from '../i18n/translate.js';
import { type MailContent, mailText } from './templates.js';
import { userText } from './user-text.js';

/** Mails about money returned after a tip was paid, in the tipper's language. Amounts are integer cents. */

/**
 * To the tipper when (part of) a tip was refunded: how much, of which tip, and why. `reason` is the
 * platform admin's words (empty for a refund made at the provider); `whole` when nothing is left.
 */
export function tipRefundedMail(
  locale: Locale,
  p: {
    brand: string;
    tipjarName: string;
    amount: number;
    tipAmount: number;
    whole: boolean;
    reason: string;
    reference: string;
  },
): MailContent {
  const tipjar = userText(p.tipjarName);
  const amounts = { amount: formatCents(p.amount, locale), tipAmount: formatCents(p.tipAmount, locale), tipjar };
  return {
    subject: t(locale, 'mail.tipRefunded.subject', { tipjar: tipjar.inSubject(), brand: p.brand }),
    text: mailText(locale, p.brand, t(locale, 'mail.hi'), [
      [
        p.whole ? t(locale, 'mail.tipRefunded.whole', amounts) : t(locale, 'mail.tipRefunded.part', amounts),
        p.reason ? t(locale, 'mail.tipRefunded.reason', { reason: p.reason }) : null,
        t(locale, 'mail.tipRefunded.back'),
        t(locale, 'mail.fact.reference', { reference: p.reference }),
      ],
    ]),
  };
}
