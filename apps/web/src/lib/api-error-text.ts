import { ApiError, isApiError } from '@/lib/api-client';

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

/** A translator: i18next's `t`, or the storefront's own (storefront/strings.ts). */
export type Say = (key: string, params?: Record<string, string | number>) => string;

/**
 * What to tell the user about a failed call, in the page's language (decision 083): no answer → offline
 * or unreachable; the API's own reason (written in the page's language); the code's own catalog text; the
 * first field's validation text; else `fallback` (a toast: the spec's status text) or the generic text.
 */
export function errorText(error: unknown, say: Say, fallback?: string): string {
  if (isApiError(error)) {
    // No answer: offline (the browser knows), or the server could not be reached.
    if (error.status === 0) return say(navigator.onLine === false ? 'errors:status.offline' : 'errors:status.network');
    if (error.reason) return error.reason;
    const field = error.fields && Object.values(error.fields)[0];
    if (field && errorTextKey(error) === 'errors:status.generic') return say(`validation:${field.key}`, field.params);
  }
  const key = errorTextKey(error);
  return say(key === 'errors:status.generic' && fallback ? fallback : key);
}
