import type { z } from 'zod';

/**
 * The codes the API answers with in `code`. The web maps each to a catalog message, so the
 * API never has to speak the user's language.
 */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Validation: 'VALIDATION',
  Unauthorized: 'UNAUTHORIZED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  Forbidden: 'FORBIDDEN',
  /** Allowed only when signed in: a link from a mail is not enough (raising a monthly tip). 403. */
  LoginRequired: 'LOGIN_REQUIRED',
  NotFound: 'NOT_FOUND',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  Conflict: 'CONFLICT',
  EmailTaken: 'EMAIL_TAKEN',
  SlugTaken: 'SLUG_TAKEN',
  SlugReserved: 'SLUG_RESERVED',
  RateLimited: 'RATE_LIMITED',
  InvalidToken: 'INVALID_TOKEN',
  WrongPassword: 'WRONG_PASSWORD',
  InvalidTransition: 'INVALID_TRANSITION',
  /** The same Idempotency-Key came with a different request (422). */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  PaymentProvider: 'PAYMENT_PROVIDER',
  /** The tip jar cannot take tips now: no merchant yet, or the provider stopped it. */
  NotAcceptingTips: 'NOT_ACCEPTING_TIPS',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** An uploaded file is not what its route takes (a bonus episode's audio that is no mp3/m4a/ogg). 415. */
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** A podcast feed could not be read; `fields.url` names why (feedNotFound, feedTooLarge, …). 422. */
  FeedFailed: 'FEED_FAILED',
  /** The feed names no owner e-mail address, so ownership cannot be verified. 422. */
  FeedNoOwnerEmail: 'FEED_NO_OWNER_EMAIL',
  /** Another tip jar has already verified this feed. 409. */
  FeedAlreadyVerified: 'FEED_ALREADY_VERIFIED',
  /** An account cannot be erased while it alone runs a tip jar that is not archived. 409. */
  SoleTipjarAdmin: 'SOLE_TIPJAR_ADMIN',
  /** A tip names an episode that is not one of the tip jar's (`fields['data.episodeId']`: episodeUnknown). 422. */
  EpisodeUnknown: 'EPISODE_UNKNOWN',
  /** An episode boost that breaks its rules (decision 097; `fields` names which: boostNeedsEpisode, boostAfterEnd, …). 422. */
  BoostInvalid: 'BOOST_INVALID',
  /** A platform admin whose session did not pass two-step login (not set up yet, or an older session). 403. */
  TwoStepRequired: 'TWO_STEP_REQUIRED',
  /** Two-step login asked for a code that was wrong, used before or expired. 400. */
  InvalidCode: 'INVALID_CODE',
  /**
   * Two-step login cannot check an authenticator code: no configured key opens the user's stored
   * secret (decision 045). Recovery codes still work. 400, `fields.<code field>`: authenticatorUnavailable.
   */
  AuthenticatorUnavailable: 'AUTHENTICATOR_UNAVAILABLE',
  /** A list's `after` / `before` is not a cursor of this list's sort and direction (decision 041). 422. */
  InvalidCursor: 'INVALID_CURSOR',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The JSON body of every 4xx/5xx answer. `fields` maps a dotted field path to a validation key. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  fields?: Record<string, FieldError>;
}

export interface FieldError {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** Validation message keys, translated by the web app under `validation.<key>`. */
export const VALIDATION_KEYS = [
  'required',
  'invalid',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'notInteger',
  'email',
  'url',
  'format',
  'choice',
  'phone',
  'phoneGeneric',
  'mobile',
  'slug',
  'passwordsDiffer',
  'amountRange',
  // A monthly goal out of its range (goal-rules.ts; params min and max: cents, or monthly tippers).
  'goalAmountRange',
  'goalTippersRange',
  // A refund larger than what is left of the tip (params: max, in cents).
  'refundTooLarge',
  // A month that is not over yet (batch invoicing takes finished months only).
  'periodNotFinished',
  // An invoice whose total is €0.00 (nothing to invoice: no lines of value, or a month without fees).
  'invoiceEmpty',
  'emailTaken',
  'merchantEmailTaken',
  // The payment provider refused a field; `message` is its own (English) text.
  'providerRejected',
  'wrongPassword',
  'slugTaken',
  'slugReserved',
  // An invitation to administer a tip jar (decision 062): the address is an admin already; too many pending.
  'alreadyAdmin',
  'tooManyInvitations',
  // A tip jar's levels (issue 40): more than TIPJAR_LEVELS_MAX; two levels with the same amount.
  'tooMany',
  'levelAmountTaken',
  'singleLine',
  // A new password below the strength bar (password-strength.ts), one key per reason.
  'passwordCommon',
  'passwordPersonal',
  'passwordBrand',
  'passwordGuessable',
  // A podcast feed that could not be read (schemas/feed.ts FEED_FAILURES), one key per reason.
  'feedNotAFeed',
  'feedNotFound',
  'feedTooLarge',
  'feedTooSlow',
  'feedRefusedAddress',
  'feedBadUrl',
  'feedUnreachable',
  'feedNoOwnerEmail',
  'feedAlreadyVerified',
  // A feed ownership code that is wrong, or expired / used up.
  'codeWrong',
  'codeExpired',
  // Feed ownership codes refused (decision 064): a tip jar not paid yet; the day's codes for this owner
  // address or this account used up; the day's wrong codes for this feed or owner address used up.
  'feedVerifyUnpaid',
  'feedCodesPerAddress',
  'feedCodesPerAccount',
  'codeGuessesUsedUp',
  // A tip for an episode that is not one of the tip jar's (decision 034).
  'episodeUnknown',
  // An episode boost (decision 097): only with an episode and "read on air"; a moment as mm:ss, not
  // past the episode's end (params: duration as mm:ss).
  'boostNeedsEpisode',
  'boostNeedsReadOnAir',
  'boostMoment',
  'boostAfterEnd',
  // An authenticator code that cannot be checked: the server cannot read the user's secret (decision 045).
  'authenticatorUnavailable',
  // A webhook endpoint refused (decision 095): not an http(s) address, no event chosen, http in production,
  // a private or loopback address, a host that does not resolve, the tip jar's endpoints used up (param max).
  'webhookBadUrl',
  'webhookNoEvents',
  'webhookHttpsOnly',
  'webhookPrivateAddress',
  'webhookUnknownHost',
  'webhookLimit',
  // A part of an upload in parts that does not start at the bytes received so far (decision 099; param expected).
  'uploadOffset',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

function isValidationKey(s: string): s is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(s);
}

/** Maps one zod issue to a validation key with its parameters. Used by the API and the web forms. */
export function issueToFieldError(issue: z.core.$ZodIssue): FieldError {
  if (isValidationKey(issue.message)) {
    // A custom rule may name its limits (goal-rules.ts).
    const params = issue.code === 'custom' ? (issue.params as FieldError['params']) : undefined;
    return params ? { key: issue.message, params } : { key: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked; its default message names what it received.
      return issue.input === undefined && /received (undefined|null)/.test(issue.message ?? '')
        ? { key: 'required' }
        : { key: 'invalid' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'required' }
          : { key: 'tooShort', params: { min: Number(issue.minimum) } };
      }
      return { key: 'tooSmall', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'tooLong', params: { max: Number(issue.maximum) } };
      return { key: 'tooBig', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' };
      if (issue.format === 'url') return { key: 'url' };
      return { key: 'format' };
    case 'invalid_value':
      return { key: 'choice' };
    case 'not_multiple_of':
      return { key: 'notInteger' };
    default:
      return { key: 'invalid' };
  }
}

/** Collects zod issues into `fields` (first issue per path wins). */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!fields[path]) fields[path] = issueToFieldError(issue);
  }
  return fields;
}
