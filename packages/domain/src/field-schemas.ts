import { z } from 'zod';
import { LOCALES } from './locale.js';

/*
 * Field rules that the public tip form needs, kept apart from schemas.ts on purpose: schemas.ts also
 * holds the phone rules (libphonenumber metadata, ~50 kB gzip), and the storefront chunk that
 * validates a tip with CreateTipDataSchema must not download them. schemas.ts re-exports these.
 */

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'email' }));

export const LocaleSchema = z.enum(LOCALES);

/**
 * C0 control characters other than tab, line feed and carriage return. No field of ours holds them:
 * PostgreSQL refuses a NUL in text outright, and the others only hide or garble what a person sees.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** True when a text holds a control character no field accepts (the API refuses such input, 400). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * A one-line field holds no carriage return or line feed: names, e-mail, phone, slug, titles,
 * search terms — everything that is one line on screen. Some of them end up in mail headers (a tip
 * jar name is in subject lines), where a line break would start a header of its own ("Bcc: …").
 */
export const SINGLE_LINE_PATTERN = /^[^\r\n]*$/;

/** True when a text has no line break (CR or LF). */
export function isSingleLine(text: string): boolean {
  return SINGLE_LINE_PATTERN.test(text);
}

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
