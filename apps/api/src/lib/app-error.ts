import { ErrorCode, type FieldError } from '@podpot/domain';

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
  FEED_FAILED: 422,
  FEED_NO_OWNER_EMAIL: 422,
  FEED_ALREADY_VERIFIED: 409,
  SOLE_TIPJAR_ADMIN: 409,
  EPISODE_UNKNOWN: 422,
  TWO_STEP_REQUIRED: 403,
  INVALID_CODE: 400,
  AUTHENTICATOR_UNAVAILABLE: 400,
  INVALID_CURSOR: 422,
  INTERNAL: 500,
};

/** The one error services throw; the error handler turns it into `{statusCode, error, code, message, fields?}`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, FieldError>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_OF[code];
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
