import { z } from 'zod';
import { LOCALES } from '../locale.js';

/*
 * Field rules that the public tip form needs, kept apart from common.ts on purpose: common.ts also
 * holds the phone rules (libphonenumber metadata, ~50 kB gzip), and the storefront chunk that
 * validates a tip with CreateTipDataSchema must not download them.
 */

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'email' }));

export const LocaleSchema = z.enum(LOCALES);

export { hasControlCharacter, hasLoneSurrogate, isSingleLine, SINGLE_LINE_PATTERN } from '../text-rules.js';

import { SINGLE_LINE_PATTERN } from '../text-rules.js';

/**
 * Marks a string schema as one line: a line break is the field error `singleLine`, and the OpenAPI
 * document shows the pattern. Multi-line fields (descriptions, messages, thank-you texts, answers)
 * simply do not use it. Put it after `.trim()`, so a break only around the text is trimmed away.
 */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema.regex(SINGLE_LINE_PATTERN, { message: 'singleLine' });
}

/** A trimmed one-line text of at most `max` characters. */
export const singleLineText = (max: number) => singleLine(z.string().trim().max(max));

/** The shopper's choice in the checkout block: a method and (iDEAL only, optional) an issuer. */
export const PaymentChoiceSchema = z.object({
  paymentmethod: z.uuid({ message: 'required' }),
  paymentissuer: singleLine(z.string().max(20)).default(''),
});
export type PaymentChoice = z.infer<typeof PaymentChoiceSchema>;

/**
 * A payment started again from a page (an order's retry card, a monthly tip's mandate retry): the
 * choice and the page's language, which the provider's checkout and the way back follow.
 */
export const RetryPaymentChoiceSchema = PaymentChoiceSchema.extend({ locale: LocaleSchema.optional() });
export type RetryPaymentChoice = z.infer<typeof RetryPaymentChoiceSchema>;
