import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notifications';

export type StatusToastKey = 'badRequest' | 'forbidden' | 'notFound' | 'methodNotAllowed' | 'generic';

/** Spec §8: which toast a failed response gets. */
export function statusToastKey(status: number): StatusToastKey {
  switch (status) {
    case 400:
      return 'badRequest';
    case 401:
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    default:
      return 'generic';
  }
}

/** The shared handler for failed calls: an error-coloured status toast. */
export function handleApiError(error: ApiError): void {
  notify(i18n.t(`errors:status.${statusToastKey(error.status)}`), 'error');
}

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
] as const;
export type CodeWithText = (typeof CODES_WITH_TEXT)[number];

/** The catalog key of a failed call's own message, or the generic one. */
export function errorTextKey(error: unknown): `errors:codes.${CodeWithText}` | 'errors:status.generic' {
  const code = error instanceof ApiError ? error.code : undefined;
  return code && (CODES_WITH_TEXT as readonly string[]).includes(code)
    ? `errors:codes.${code as CodeWithText}`
    : 'errors:status.generic';
}
