import { z } from 'zod';
import { DEFAULT_LOCALE } from '../locale.js';
import { WEAK_PASSWORD_KEYS } from '../password-strength.js';
import { NameSchema, PasswordSchema, PhoneNumberSchema } from './common.js';
import { EmailSchema, LocaleSchema, singleLine, singleLineText } from './fields.js';

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

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

/**
 * POST users/password-strength: the strength of a new password as it is typed (decision 082), with
 * what it must not be built on. Bounded: a password at most as long as PasswordSchema allows.
 */
export const PasswordStrengthBodySchema = z.object({
  password: z.string().min(1).max(200),
  email: singleLineText(254).optional(),
  firstName: singleLineText(100).optional(),
  lastName: singleLineText(100).optional(),
});
export type PasswordStrengthBody = z.infer<typeof PasswordStrengthBodySchema>;
/** `ok`, or the validation key of why not (the web shows it in the user's language, like any field error). */
export const PasswordStrengthSchema = z.object({
  ok: z.boolean(),
  key: z.enum(Object.values(WEAK_PASSWORD_KEYS) as [string, ...string[]]).optional(),
});
export type PasswordStrength = z.infer<typeof PasswordStrengthSchema>;
