import type { FieldError } from './errors.js';
import { MAX_TIP_CENTS, MIN_TIP_CENTS, percentOf } from './money.js';
import { isSingleLine } from './text-rules.js';

/*
 * The tip form's rules as plain functions, for the storefront's own small entry (apps/web
 * src/storefront): zod and its schemas are ~25 kB brotli more than a listener's first visit can carry.
 * They give the same field errors as CreateTipDataSchema / CreateRecurringTipDataSchema, which the API
 * applies (tip-rules.test.ts holds them side by side). No zod import here, also not indirectly.
 */

/** zod 4's e-mail pattern (z.email()). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** zod 4's UUID pattern (z.uuid()). */
const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * What the public may see of a tip, chosen per tip by the tipper:
 * NAME_AND_AMOUNT — name and amount shown; NAME_ONLY — name shown, amount hidden; ANONYMOUS — neither.
 * The maker's backoffice always sees the amount (it is their money) but never the name of an anonymous tip.
 */
export const TIP_PRIVACY = ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] as const;
export type TipPrivacy = (typeof TIP_PRIVACY)[number];

/** The platform fee on a tip, in cents: one rounding rule for storefront, receipt and invoice. */
export function platformFeeOf(amountCents: number, feeBps: number): number {
  return percentOf(amountCents, feeBps);
}

/** Charges are made on day 1–28 of the month; a first payment on the 29th–31st charges on the 28th. */
export const MAX_CHARGE_DAY = 28;

export const TIP_DISPLAY_NAME_MAX = 80;
export const TIP_MESSAGE_LIMIT = 500;
/** An episode boost's moment (decision 097, below) without a known episode duration: at most 24 hours in. */
export const BOOST_MOMENT_MAX = 24 * 60 * 60;
const EMAIL_MAX = 254;
const ISSUER_MAX = 20;

/** What the tip form holds (the API's `data` of a tip without `locale`; `email` only for a one-off tip). */
export interface TipFormInput {
  amount: number;
  displayName?: string;
  message?: string;
  privacy?: TipPrivacy;
  email?: string;
  payment: { paymentmethod: string; paymentissuer?: string };
}

export type TipFormField =
  | 'amount'
  | 'displayName'
  | 'message'
  | 'email'
  | 'payment.paymentmethod'
  | 'payment.paymentissuer';

function amountError(amount: unknown): FieldError | undefined {
  if (typeof amount !== 'number' || Number.isNaN(amount)) return { key: 'amountRange' };
  if (!Number.isInteger(amount)) return { key: 'notInteger' };
  if (amount < MIN_TIP_CENTS || amount > MAX_TIP_CENTS) return { key: 'amountRange' };
  return undefined;
}

function textError(value: string, max: number, oneLine: boolean): FieldError | undefined {
  if (value.length > max) return { key: 'tooLong', params: { max } };
  if (oneLine && !isSingleLine(value)) return { key: 'singleLine' };
  return undefined;
}

/**
 * The field errors of a tip (first error per field, as the API reports them in `fields`): a one-off tip
 * when `input.email` is checked (`oneOff`), a monthly tip otherwise. Empty when the tip may be sent.
 */
export function tipFormErrors(
  input: TipFormInput,
  options: { oneOff: boolean },
): Partial<Record<TipFormField, FieldError>> {
  const errors: Partial<Record<TipFormField, FieldError>> = {};
  const put = (field: TipFormField, error: FieldError | undefined) => {
    if (error && !errors[field]) errors[field] = error;
  };
  put('amount', amountError(input.amount));
  const displayName = (input.displayName ?? '').trim();
  put('displayName', textError(displayName, TIP_DISPLAY_NAME_MAX, true));
  put('message', textError((input.message ?? '').trim(), TIP_MESSAGE_LIMIT, false));
  if (options.oneOff) {
    const email = (input.email ?? '').trim().toLowerCase();
    put('email', email.length > EMAIL_MAX ? { key: 'tooLong', params: { max: EMAIL_MAX } } : undefined);
    put('email', EMAIL_PATTERN.test(email) ? undefined : { key: 'email' });
  }
  if (!UUID_PATTERN.test(input.payment.paymentmethod)) put('payment.paymentmethod', { key: 'required' });
  put('payment.paymentissuer', textError(input.payment.paymentissuer ?? '', ISSUER_MAX, true));
  // A tip that shows a name needs one (checked, as zod does, unless a value is of the wrong type).
  const wrongType = !Number.isInteger(input.amount);
  if (!wrongType && (input.privacy ?? 'NAME_AND_AMOUNT') !== 'ANONYMOUS' && !displayName) {
    put('displayName', { key: 'required' });
  }
  return errors;
}

/* ---------- episode boosts ---------- */

/*
 * Episode boosts (issue 41 part 5, decision 097): a tipper asks for their message to be read on air,
 * usually "at 12:34" of the episode. The moment is kept as whole seconds; the form takes `m:ss`,
 * `mm:ss` or `h:mm:ss` and every screen and mail shows it back the same way. Here, with the tip form's
 * rules, so the storefront and the app share one chunk of them.
 */

/** The longest moment text the form accepts ("23:59:59" and some spaces). */
export const BOOST_MOMENT_TEXT_MAX = 12;
/** How many boosts one episode's read-on-air list answers (the newest moments past it are not shown). */
export const BOOSTS_PER_EPISODE_MAX = 500;

const MOMENT_PATTERN = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/;

/**
 * Seconds of a typed moment: '12:34' → 754, '1:02:03' → 3723; minutes may run past 59 without hours
 * ('75:00'), seconds may not. null for anything else (also an empty text: the caller decides).
 */
export function parseBoostMoment(text: string): number | null {
  if (text.length > BOOST_MOMENT_TEXT_MAX) return null;
  const match = MOMENT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  const hours = h === undefined ? 0 : Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds > 59 || (h !== undefined && minutes > 59)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** '12:34', '0:05', '1:02:03': the moment as the form takes it and every screen and mail shows it. */
export function formatBoostMoment(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The latest moment a boost of this episode may name: its duration when the feed gives one, else 24 h. */
export function boostMomentLimit(duration: number | null | undefined): number {
  return duration && duration > 0 ? Math.min(duration, BOOST_MOMENT_MAX) : BOOST_MOMENT_MAX;
}

/** A boost's part of a tip (CreateTipData, the storefront's form). */
export interface BoostInput {
  episodeId?: string;
  readOnAir?: boolean;
  /** Seconds. */
  boostMoment?: number;
  message?: string;
}

/**
 * The rules of a boost across fields (decision 097), as `fields` of a 422 BOOST_INVALID: a boost (or a
 * moment) only with an episode, a moment only with "read on air", a message to read, and a moment
 * not past the episode's end (`duration`, seconds, when the feed gives one). Empty when it may be sent.
 */
export function boostFieldErrors(
  input: BoostInput,
  duration?: number | null,
): Partial<Record<'readOnAir' | 'boostMoment' | 'message', FieldError>> {
  const moment = input.boostMoment;
  if (!input.readOnAir && moment === undefined) return {};
  if (!input.episodeId) return { [input.readOnAir ? 'readOnAir' : 'boostMoment']: { key: 'boostNeedsEpisode' } };
  if (!input.readOnAir) return { boostMoment: { key: 'boostNeedsReadOnAir' } };
  const errors: Partial<Record<'boostMoment' | 'message', FieldError>> = {};
  if (!(input.message ?? '').trim()) errors.message = { key: 'required' };
  const limit = boostMomentLimit(duration);
  if (moment !== undefined && moment > limit) {
    errors.boostMoment = { key: 'boostAfterEnd', params: { duration: formatBoostMoment(limit) } };
  }
  return errors;
}
