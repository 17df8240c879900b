import { ErrorCode, type FieldError, type Locale } from '@podpot/domain';
import type { en } from '../i18n/en.js';
import { t } from '../i18n/translate.js';

/** A refusal the user can act on, with its text in both catalogs (`error.<key>`, decision 083). */
export type ErrorText = keyof typeof en.error;

const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  LOGIN_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  SLUG_TAKEN: 409,
  SLUG_RESERVED: 400,
  RATE_LIMITED: 429,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYMENT_PROVIDER: 502,
  NOT_ACCEPTING_TIPS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FEED_FAILED: 422,
  FEED_NO_OWNER_EMAIL: 422,
  FEED_ALREADY_VERIFIED: 409,
  SOLE_TIPJAR_ADMIN: 409,
  EPISODE_UNKNOWN: 422,
  BOOST_INVALID: 422,
  TWO_STEP_REQUIRED: 403,
  INVALID_CODE: 400,
  AUTHENTICATOR_UNAVAILABLE: 400,
  INVALID_CURSOR: 422,
  INTERNAL: 500,
};

/** An error text in a language, its `{{name}}` placeholders filled in. */
export function errorText(locale: Locale, text: NonNullable<AppError['text']>): string {
  // The key is checked by ErrorText, the placeholders by the catalogs' parity test.
  const translate = t as (locale: Locale, key: string, params?: Record<string, string>) => string;
  return translate(locale, `error.${text.key}`, text.params);
}

/**
 * The one error services throw; the error handler turns it into `{statusCode, error, code, message, fields?}`.
 * One made with {@link AppError.because} carries a catalog text: its `message` is then in the asker's
 * language (decision 083); any other message is the English one written here.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, FieldError>,
    readonly text?: { key: ErrorText; params?: Record<string, string> },
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_OF[code];
  }

  /** A refusal whose reason the user reads: `error.<key>` of the catalogs (English in logs). */
  static because(
    code: ErrorCode,
    key: ErrorText,
    options: { params?: Record<string, string>; fields?: Record<string, FieldError> } = {},
  ): AppError {
    const text = { key, params: options.params };
    return new AppError(code, errorText('en', text), options.fields, text);
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError(ErrorCode.NotFound, `${what} not found`);
  }
  static unauthorized(): AppError {
    return new AppError(ErrorCode.Unauthorized, 'Authentication required');
  }
  static forbidden(): AppError {
    return new AppError(ErrorCode.Forbidden, 'You do not have access to this resource');
  }
  static field(code: ErrorCode, path: string, field: FieldError, message: string): AppError {
    return new AppError(code, message, { [path]: field });
  }
}
