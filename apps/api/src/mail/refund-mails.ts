import { formatCents, type Locale } from '@podpot/domain';
import type { MailContent } from './templates.js';
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
  const amount = formatCents(p.amount, locale);
  const tipAmount = formatCents(p.tipAmount, locale);
  if (locale === 'nl') {
    return {
      subject: `Je fooi aan ${userText(p.tipjarName).inSubject()} is terugbetaald - ${p.brand}`,
      text: [
        'Hoi,',
        '',
        p.whole
          ? `We hebben je fooi van ${tipAmount} aan ${userText(p.tipjarName)} volledig terugbetaald: ${amount}.`
          : `We hebben ${amount} van je fooi van ${tipAmount} aan ${userText(p.tipjarName)} terugbetaald.`,
        ...(p.reason ? [`Reden: ${p.reason}`] : []),
        'Het bedrag staat binnen enkele werkdagen weer op je rekening.',
        `Referentie: ${p.reference}`,
        '',
        'Groet,',
        p.brand,
      ].join('\n'),
    };
  }
  return {
    subject: `Your tip to ${userText(p.tipjarName).inSubject()} was refunded - ${p.brand}`,
    text: [
      'Hi,',
      '',
      p.whole
        ? `We have refunded your tip of ${tipAmount} to ${userText(p.tipjarName)} in full: ${amount}.`
        : `We have refunded ${amount} of your tip of ${tipAmount} to ${userText(p.tipjarName)}.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
      'The money will be back in your account within a few working days.',
      `Reference: ${p.reference}`,
      '',
      'Best,',
      p.brand,
    ].join('\n'),
  };
}
