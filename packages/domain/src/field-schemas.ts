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

/** The shopper's choice in the checkout block: a method and (iDEAL only, optional) an issuer. */
export const PaymentChoiceSchema = z.object({
  paymentmethod: z.uuid({ message: 'required' }),
  paymentissuer: z.string().max(20).default(''),
});
export type PaymentChoice = z.infer<typeof PaymentChoiceSchema>;
