import { z } from 'zod';
import { NameSchema } from './common.js';
import { EmailSchema, LocaleSchema } from './fields.js';
import { CocNumberSchema } from './tipjar.js';

/** Countries a maker can register from (OPP's ISO 3166-1 alpha-3, lowercase). */
export const MERCHANT_COUNTRIES = ['nld', 'bel'] as const;

/** POST tipjars/{id}/oppmerchant: register the maker with the payment provider. */
export const CreateMerchantBodySchema = z.object({
  data: z.object({
    firstName: NameSchema,
    lastName: NameSchema,
    country: z.enum(MERCHANT_COUNTRIES).default('nld'),
    /**
     * The e-mail address the provider knows the merchant by (its verification mails go there). The
     * provider allows one merchant per address (decision 011); absent: the tip jar's contact e-mail.
     */
    email: EmailSchema.optional(),
    /** The page's language: the provider's verification pages and the way back to us follow it. */
    locale: LocaleSchema.optional(),
  }),
});
export type CreateMerchantBody = z.infer<typeof CreateMerchantBodySchema>;

/** POST …/oppmerchant/connect: link an existing merchant of our partner account (platform admins). */
export const ConnectMerchantBodySchema = z.object({
  merchantUid: z
    .string()
    .trim()
    .regex(/^mer_[A-Za-z0-9]{4,40}$/, { message: 'format' }),
});

/** POST …/oppmerchant/migrate: a consumer merchant becomes a business merchant (same uid). */
export const MigrateMerchantBodySchema = z.object({
  data: z.object({ cocNumber: CocNumberSchema, country: z.enum(MERCHANT_COUNTRIES).default('nld') }),
});

export const MerchantRequirementSchema = z.object({
  type: z.string(),
  status: z.string(),
  /** Where the maker finishes this step on the provider's pages. */
  redirectUrl: z.string().nullable(),
});

/** The tip jar's merchant as its backoffice shows it. */
export const OppMerchantSchema = z.object({
  merchantUid: z.string(),
  type: z.string(),
  merchantStatus: z.string(),
  complianceStatus: z.string(),
  complianceLevel: z.number().int().nullable(),
  /** The provider's page listing everything still to do. */
  overviewUrl: z.string().nullable(),
  requirements: z.array(MerchantRequirementSchema),
  bankAccount: z
    .object({ status: z.string(), verificationUrl: z.string().nullable(), iban: z.string().nullable() })
    .nullable(),
  /**
   * True when payouts can happen: live, compliance verified at the payout level and the bank
   * account approved (docs/product.md §4's verified and live, plus what the provider pays out on; decision 011).
   */
  registrationComplete: z.boolean(),
  /** False when the provider suspended, blocked or terminated the merchant: no tips can be taken. */
  acceptsPayments: z.boolean(),
  updated: z.string(),
});
export type OppMerchantView = z.infer<typeof OppMerchantSchema>;
