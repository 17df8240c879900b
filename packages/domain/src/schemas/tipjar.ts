import { z } from 'zod';
import { GOAL_KINDS, goalTargetError } from '../goal-rules.js';
import { INT32_MAX, MAX_TIP_CENTS, MIN_TIP_CENTS } from '../money.js';
import { OppTransactionRefSchema } from '../payment-status.js';
import { TIPJAR_STATUSES } from '../tipjar-status.js';
import { MobileNumberSchema, NameSchema, PasswordSchema } from './common.js';
import { PublicEpisodeSchema } from './episode.js';
import { FeedUrlSchema } from './feed.js';
import {
  EmailSchema,
  LocaleSchema,
  PaymentChoiceSchema,
  RetryPaymentChoiceSchema,
  singleLine,
  singleLineText,
} from './fields.js';
import { LevelSchema } from './supporters.js';

/* ---------- tip jars: kind, status, slug ---------- */

export const TIPJAR_TYPES = ['CONSUMER', 'BUSINESS'] as const;
export type TipjarType = (typeof TIPJAR_TYPES)[number];
export const TipjarStatusSchema = z.enum(TIPJAR_STATUSES);

/** Slugs: lowercase letters, digits and hyphens, 3–40 characters, no leading/trailing hyphen. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
export const SlugSchema = z.string().trim().toLowerCase().regex(SLUG_PATTERN, { message: 'slug' });

/* ---------- tip jars: requests ---------- */

/** Several lines allowed: the tip jar's description. */
const DescriptionSchema = z.string().trim().max(2000);
// One line checked first: the URL check would silently drop line breaks instead of refusing them.
const HttpsUrlSchema = singleLine(z.string())
  .check(z.url({ message: 'url' }))
  .max(500)
  .refine((u) => u.startsWith('https://'), { message: 'url' });
/** Dutch Chamber-of-Commerce number: 8 digits. */
export const CocNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{8}$/, { message: 'format' });
/** EU VAT number: country code + 2–13 letters/digits (NL: NL123456789B01). */
export const VatNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { message: 'format' });

export const PresetAmountsSchema = z
  .array(
    z
      .number()
      .int({ message: 'notInteger' })
      .min(MIN_TIP_CENTS, { message: 'amountRange' })
      .max(MAX_TIP_CENTS, { message: 'amountRange' }),
  )
  .min(1)
  .max(6);

/** The account an anonymous visitor registers while ordering. */
export const OrderAccountSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
});

/** POST tipjars: order a tip jar (and its Podpot add-on). `account` only when not signed in. */
export const CreateTipjarDataSchema = z
  .object({
    name: NameSchema,
    slug: SlugSchema,
    type: z.enum(TIPJAR_TYPES).default('CONSUMER'),
    /** Contact e-mail of the tip jar. */
    email: EmailSchema,
    /** Mobile number of the maker (provider onboarding needs one). */
    phoneNumber: MobileNumberSchema,
    companyName: singleLineText(200).optional(),
    cocNumber: CocNumberSchema.optional(),
    vatNumber: VatNumberSchema.optional(),
    description: DescriptionSchema.optional(),
    /** The podcast's RSS feed (the order form's "Fetch" prefilled the fields from it). */
    rssUrl: FeedUrlSchema.optional(),
    /** The artwork stored from the feed (POST feeds/preview); ours, never hot-linked. */
    artworkId: z.uuid().optional(),
    payment: PaymentChoiceSchema,
    locale: LocaleSchema.optional(),
    account: OrderAccountSchema.optional(),
  })
  .superRefine((d, ctx) => {
    // A business tip jar is invoiced to a company: its name and CoC number are required.
    if (d.type !== 'BUSINESS') return;
    if (!d.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'required' });
    if (!d.cocNumber) ctx.addIssue({ code: 'custom', path: ['cocNumber'], message: 'required' });
  });
export const CreateTipjarBodySchema = z.object({ data: CreateTipjarDataSchema });
export type CreateTipjarBody = z.infer<typeof CreateTipjarBodySchema>;

/** A monthly goal (decision 032): AMOUNT in cents a month, or TIPPERS, a number of monthly tippers. */
// The kind's range is checked below, once the kind is known; whatever the kind, a target is a number a
// 32-bit integer column holds.
const GoalTargetSchema = z.number().min(-INT32_MAX).max(INT32_MAX);
export const TipjarGoalSchema = z
  .object({ kind: z.enum(GOAL_KINDS), target: GoalTargetSchema })
  .superRefine((goal, ctx) => {
    const error = goalTargetError(goal.kind, goal.target);
    if (error) ctx.addIssue({ code: 'custom', path: ['target'], message: error.key, params: error.params });
  });

export const UpdateTipjarDataSchema = z.object({
  name: NameSchema.optional(),
  description: DescriptionSchema.optional(),
  podcastUrl: HttpsUrlSchema.nullable().optional(),
  /** The podcast's feed; a changed feed is no longer verified. */
  rssUrl: FeedUrlSchema.nullable().optional(),
  imageUrl: HttpsUrlSchema.nullable().optional(),
  /** An artwork stored from the feed (POST feeds/preview), or null to drop it. */
  artworkId: z.uuid().nullable().optional(),
  presetAmounts: PresetAmountsSchema.optional(),
  thankYouMessage: z.string().trim().max(1000).optional(),
  notifyOnTip: z.boolean().optional(),
  /** The monthly goal the storefront shows progress toward; null for none. */
  goal: TipjarGoalSchema.nullable().optional(),
  email: EmailSchema.optional(),
  phoneNumber: MobileNumberSchema.optional(),
  companyName: singleLineText(200).nullable().optional(),
  cocNumber: CocNumberSchema.nullable().optional(),
  vatNumber: VatNumberSchema.nullable().optional(),
  /** Platform admins only, along the status machine. */
  status: TipjarStatusSchema.optional(),
  /** Platform admins only. */
  active: z.boolean().optional(),
});
export const UpdateTipjarBodySchema = z.object({ data: UpdateTipjarDataSchema });
export type UpdateTipjarBody = z.infer<typeof UpdateTipjarBodySchema>;

export const TipjarAdminBodySchema = z.object({ email: EmailSchema });
export const TestPhoneNumberBodySchema = z.object({ phoneNumber: singleLine(z.string().max(50)) });
export const TestPhoneNumberResponseSchema = z.object({ valid: z.boolean() });

export const TipjarListQueryExtraSchema = z.object({
  slug: singleLine(z.string().trim().toLowerCase().max(60)).optional(),
});

export const RetryPaymentBodySchema = z.object({ data: RetryPaymentChoiceSchema });
export type RetryPaymentBody = z.infer<typeof RetryPaymentBodySchema>;

/* ---------- tip jars and add-ons: answers ---------- */

export const ADDON_TYPES = ['TIPJAR'] as const;
export const AddonSchema = z.object({
  id: z.uuid(),
  tipjarId: z.uuid(),
  created: z.string(),
  type: z.object({ name: z.string(), unlocks: z.string() }),
  costTotalWithTax: z.number().int(),
  oppTransaction: OppTransactionRefSchema.nullable(),
});
export type Addon = z.infer<typeof AddonSchema>;

export const OppMerchantRefSchema = z.object({
  complianceStatus: z.string().nullable(),
  merchantStatus: z.string().nullable(),
  complianceLevel: z.number().int().nullable(),
  /** The default bank account's status; null while there is none. */
  bankAccountStatus: z.string().nullable(),
  /** Payout-ready (isRegistrationComplete): the backoffice's 'Registratie' alert. */
  registrationComplete: z.boolean(),
});

/**
 * This calendar month's progress toward a goal (Europe/Amsterdam): AMOUNT — cents paid this month
 * (one-off tips and monthly charges, minus what was refunded); TIPPERS — monthly tippers now active.
 */
export const GoalProgressSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  current: z.number().int(),
});
export type GoalProgress = z.infer<typeof GoalProgressSchema>;

/**
 * One recent supporter on the wall: only what the tip's privacy choice lets anyone see. `name` null =
 * anonymous, `amount` null = hidden, `message` null = not chosen for the wall by the maker.
 */
export const SupporterSchema = z.object({
  name: z.string().nullable(),
  amount: z.number().int().nullable(),
  message: z.string().nullable(),
  /** A month of a monthly tip. */
  monthly: z.boolean(),
  /** When it was paid, to the minute. */
  paidAt: z.string(),
  /** A monthly supporter's level name now (issue 40), unless the tip is anonymous; null below every level. */
  level: z.string().nullable().optional(),
});
export type Supporter = z.infer<typeof SupporterSchema>;

/** What anyone may see of a LIVE tip jar (the storefront). */
export const PublicTipjarSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  status: TipjarStatusSchema,
  active: z.boolean(),
  type: z.enum(TIPJAR_TYPES),
  description: z.string(),
  podcastUrl: z.string().nullable(),
  rssUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Our own URL of the artwork stored from the feed (shown instead of imageUrl), or null. */
  artworkUrl: z.string().nullable(),
  /** The maker proved they own the feed (a code sent to its owner address): the storefront's mark. */
  feedVerified: z.boolean(),
  thankYouMessage: z.string(),
  presetAmounts: z.array(z.number().int()),
  /**
   * False while the tip jar cannot take tips: no merchant registered yet, or the provider suspended,
   * blocked or terminated it. The storefront says so instead of offering the form.
   */
  acceptsTips: z.boolean(),
  /** The maker's monthly goal, or null. */
  goal: z.object({ kind: z.enum(GOAL_KINDS), target: z.number().int() }).nullable(),
  /**
   * The storefront's answer only (GET tipjars?slug=, the page): this month's progress toward `goal`
   * (null without a goal) and the recent supporters as their tips' privacy allows (decision 032).
   */
  goalProgress: GoalProgressSchema.nullable().optional(),
  supporters: z.array(SupporterSchema).optional(),
  /** The storefront's answer only: the newest episodes from the feed (at most STOREFRONT_EPISODES), newest first. */
  recentEpisodes: z.array(PublicEpisodeSchema).optional(),
  /** The storefront's answer only: the tip jar's levels (issue 40), cheapest first. */
  levels: z.array(LevelSchema).optional(),
});
export type PublicTipjar = z.infer<typeof PublicTipjarSchema>;

export const TipjarAdminSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** The full tip jar, for its admins and platform admins. */
export const TipjarSchema = PublicTipjarSchema.extend({
  email: z.string(),
  phoneNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  cocNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  notifyOnTip: z.boolean(),
  artworkId: z.uuid().nullable(),
  addons: z.array(AddonSchema),
  oppMerchant: OppMerchantRefSchema.nullable(),
  admins: z.array(TipjarAdminSchema),
  created: z.string(),
  updated: z.string(),
  /**
   * Set once the tip jar was archived (deleted with its money records kept, docs/money-rules.md §9): hidden and
   * no longer tippable. Null otherwise.
   */
  archivedAt: z.string().nullable(),
});
export type Tipjar = z.infer<typeof TipjarSchema>;

export const CreateTipjarResponseSchema = z.object({
  tipjar: TipjarSchema,
  addon: AddonSchema,
  oppTransaction: OppTransactionRefSchema,
  /** Only when the order registered a new account: the new user is signed in with it. */
  access_token: z.string().optional(),
  token_type: z.literal('bearer').optional(),
  expires_in: z.number().int().optional(),
});
export type CreateTipjarResponse = z.infer<typeof CreateTipjarResponseSchema>;
