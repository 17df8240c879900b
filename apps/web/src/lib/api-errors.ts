import type { ApiError } from '@/lib/api-client';
import { errorText, type Say } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notifications';

export type StatusToastKey = 'badRequest' | 'forbidden' | 'notFound' | 'methodNotAllowed' | 'generic';

/** docs/product.md §8: which toast a failed response gets. */
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

const say: Say = (key, params) => i18n.t(key as 'errors:status.generic', params);

/** What to tell the user about a failed call, in the page's language (lib/api-error-text.ts, decision 083). */
export function apiErrorText(error: unknown, fallback?: string): string {
  return errorText(error, say, fallback);
}

/**
 * The shared handler for failed calls: an error-coloured toast with the reason the user can act on,
 * the spec's status toast (docs/product.md §8) when there is none.
 */
export function handleApiError(error: ApiError): void {
  notify(apiErrorText(error, `errors:status.${statusToastKey(error.status)}`), 'error');
}

export { CODES_WITH_TEXT, type CodeWithText, errorText, errorTextKey } from '@/lib/api-error-text';
