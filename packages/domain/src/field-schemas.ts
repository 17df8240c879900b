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

/** The shopper's choice in the checkout block: a method and (iDEAL only, optional) an issuer. */
export const PaymentChoiceSchema = z.object({
  paymentmethod: z.uuid({ message: 'required' }),
  paymentissuer: z.string().max(20).default(''),
});
export type PaymentChoice = z.infer<typeof PaymentChoiceSchema>;
