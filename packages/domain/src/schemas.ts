import { z } from 'zod';
import { EmailSchema, LocaleSchema, singleLine, singleLineText } from './field-schemas.js';
import { DEFAULT_LOCALE } from './locale.js';
import { isValidMobileNumber, isValidPhoneNumber } from './phone.js';
import { TIPJAR_STATUSES } from './tipjar-status.js';

/* ---------- shared field rules ---------- */

// E-mail, locale and payment choice live in field-schemas.ts (kept free of the phone rules).
export {
  EmailSchema,
  hasControlCharacter,
  hasLoneSurrogate,
  isSingleLine,
  LocaleSchema,
  SINGLE_LINE_PATTERN,
  singleLine,
  singleLineText,
} from './field-schemas.js';

export const PasswordSchema = z.string().min(8).max(200);
export const NameSchema = singleLineText(100).min(1);
export const UuidSchema = z.uuid();
export const IdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

// One line first: the phone parser finds a number in "+31612345678\r\nBcc: …" and would accept it.
export const PhoneNumberSchema = singleLine(z.string().trim()).refine(isValidPhoneNumber, { message: 'phone' });
export const MobileNumberSchema = singleLine(z.string().trim()).refine(isValidMobileNumber, { message: 'mobile' });

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

/* ---------- auth ---------- */

/** OAuth2 password grant, form-encoded or JSON. */
export const LoginBodySchema = z.object({
  username: singleLineText(254).min(1),
  password: z.string().min(1).max(200),
  client_id: singleLine(z.string().max(100)).optional(),
  grant_type: z.literal('password').optional(),
  scope: singleLine(z.string().max(200)).optional(),
  /** A remembered device (two-step login, decision 036): lets the password alone sign in for 30 days. */
  device_token: singleLine(z.string().max(200)).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const PasswordResetBodySchema = z.object({
  new_password: PasswordSchema,
  token: singleLine(z.string().min(10).max(500)),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/* ---------- users ---------- */

export const ProfileSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  phoneNumber: PhoneNumberSchema.or(z.literal('')).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const AddressSchema = z.object({
  street: singleLineText(200).default(''),
  houseNumber: singleLineText(20).default(''),
  postalCode: singleLineText(20).default(''),
  city: singleLineText(100).default(''),
  country: singleLine(z.string().trim().length(2)).default('NL'),
});
export type Address = z.infer<typeof AddressSchema>;
/** An address in an answer: plain strings, so an address stored before an input rule still serializes. */
const AddressViewSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

export const UserTipjarRefSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  locale: LocaleSchema,
  profile: z.object({ firstName: z.string(), lastName: z.string(), phoneNumber: z.string().nullable() }),
  address: AddressViewSchema.nullable(),
  tipjars: z.array(UserTipjarRefSchema),
  created: z.string(),
  /** Two-step login (TOTP) is set up: required for platform admins (decision 036). */
  twoStepEnabled: z.boolean(),
  /**
   * The e-mail address is proven to be the user's (a confirmation link mailed to it was opened, or a
   * reset link, decision 061). Until then the privacy export holds no tip merely given with it.
   */
  emailVerified: z.boolean(),
  /** Set once the user was archived (deleted with money records kept, docs/money-rules.md §9); null otherwise. */
  archivedAt: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const UpdateProfileBodySchema = z.object({
  data: ProfileSchema.extend({ address: AddressSchema.optional(), locale: LocaleSchema.optional() }),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const UpdatePasswordBodySchema = z.object({
  data: z.object({ currentPassword: z.string().min(1).max(200), newPassword: PasswordSchema }),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

/** POST users/me/erasure: erasing an account asks for its password once more. */
export const EraseAccountBodySchema = z.object({ data: z.object({ password: z.string().min(1).max(200) }) });
export type EraseAccountBody = z.infer<typeof EraseAccountBodySchema>;

/** POST users/email-confirmation: the token of the link in the "confirm your e-mail address" mail. */
export const ConfirmEmailBodySchema = z.object({ data: z.object({ token: z.string().min(1).max(2000) }) });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const RegisterDataSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  locale: LocaleSchema.default(DEFAULT_LOCALE),
});
export const RegisterBodySchema = z.object({ data: RegisterDataSchema });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const TestEmailBodySchema = z.object({ email: EmailSchema });
/** Answer of the test-email calls: is this address still free? */
export const TestEmailResponseSchema = z.object({ available: z.boolean() });

export const CreateUserBodySchema = z.object({
  data: RegisterDataSchema.extend({ role: z.enum(ROLES).default('USER') }),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z.object({
  data: z.object({
    email: EmailSchema.optional(),
    role: z.enum(ROLES).optional(),
    firstName: NameSchema.optional(),
    lastName: NameSchema.optional(),
    locale: LocaleSchema.optional(),
    /** Refused: nobody sets another person's password; an admin sends a reset link (POST users/{id}/password-reset). */
    password: z
      .never()
      .optional()
      .describe('not settable: send the user a reset link with POST users/{id}/password-reset'),
  }),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/* ---------- FAQ ---------- */

export const FaqItemSchema = z.object({
  id: z.uuid(),
  active: z.boolean(),
  priority: z.number().int(),
  question: z.object({ en: z.string(), nl: z.string() }),
  answer: z.object({ en: z.string(), nl: z.string() }),
  created: z.string(),
  updated: z.string(),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

/** A text in both languages; `text` makes one language's field. */
const LocalizedText = (text: () => z.ZodString) => z.object({ en: text(), nl: text() });

export const FaqItemDataSchema = z.object({
  active: z.boolean(),
  priority: z.number().int().min(-1000).max(1000),
  /** One line (a heading on the FAQ page); the answer may run over several. */
  question: LocalizedText(() => singleLineText(300).min(1)),
  answer: LocalizedText(() => z.string().trim().min(1).max(5000)),
});
export const CreateFaqItemBodySchema = z.object({
  data: FaqItemDataSchema.extend({
    active: FaqItemDataSchema.shape.active.default(true),
    priority: FaqItemDataSchema.shape.priority.default(0),
  }),
});
/** Partial: a field left out stays as it is (no defaults here, or an edit would reset them). */
export const UpdateFaqItemBodySchema = z.object({ data: FaqItemDataSchema.partial() });

/* ---------- payment methods ---------- */

export const PAYMENT_METHOD_TYPES = ['ideal', 'bcmc'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PaymentIssuerSchema = z.object({ bic: z.string(), name: z.string() });
export type PaymentIssuer = z.infer<typeof PaymentIssuerSchema>;

export const PaymentMethodSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  active: z.boolean(),
  priority: z.number().int(),
  paymentissuers: z.array(PaymentIssuerSchema),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodDataSchema = z.object({
  name: singleLineText(100).min(1),
  type: z.enum(PAYMENT_METHOD_TYPES),
  active: z.boolean(),
  priority: z.number().int().min(-1000).max(1000),
});
export const CreatePaymentMethodBodySchema = z.object({
  data: PaymentMethodDataSchema.extend({
    active: PaymentMethodDataSchema.shape.active.default(true),
    priority: PaymentMethodDataSchema.shape.priority.default(0),
  }),
});
export const UpdatePaymentMethodBodySchema = z.object({ data: PaymentMethodDataSchema.partial() });

export {
  type PaymentChoice,
  PaymentChoiceSchema,
  type RetryPaymentChoice,
  RetryPaymentChoiceSchema,
} from './field-schemas.js';

/* ---------- tip jars (full rules arrive with the payments issue) ---------- */

export const TIPJAR_TYPES = ['CONSUMER', 'BUSINESS'] as const;
export type TipjarType = (typeof TIPJAR_TYPES)[number];
export const TipjarStatusSchema = z.enum(TIPJAR_STATUSES);

/** Slugs: lowercase letters, digits and hyphens, 3–40 characters, no leading/trailing hyphen. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
export const SlugSchema = z.string().trim().toLowerCase().regex(SLUG_PATTERN, { message: 'slug' });
