import { ApiError } from '@/lib/api-client';

/** Codes with their own catalog text (`errors:codes.<CODE>`), shown next to the form that caused them. */
export const CODES_WITH_TEXT = [
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'EMAIL_TAKEN',
  'WRONG_PASSWORD',
  'INVALID_TOKEN',
  'SLUG_TAKEN',
  'SLUG_RESERVED',
  'PAYMENT_PROVIDER',
  'IDEMPOTENCY_KEY_REUSED',
  'NOT_ACCEPTING_TIPS',
  'INVALID_CODE',
  'AUTHENTICATOR_UNAVAILABLE',
  'TWO_STEP_REQUIRED',
  'INVALID_CURSOR',
] as const;
export type CodeWithText = (typeof CODES_WITH_TEXT)[number];

/** The catalog key of a failed call's own message, or the generic one. */
export function errorTextKey(error: unknown): `errors:codes.${CodeWithText}` | 'errors:status.generic' {
  const code = error instanceof ApiError ? error.code : undefined;
  return code && (CODES_WITH_TEXT as readonly string[]).includes(code)
    ? `errors:codes.${code as CodeWithText}`
    : 'errors:status.generic';
}
