import type { ApiError } from '@/lib/api-client';
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

/** The shared handler for failed calls: an error-coloured status toast. */
export function handleApiError(error: ApiError): void {
  notify(i18n.t(`errors:status.${statusToastKey(error.status)}`), 'error');
}

export { CODES_WITH_TEXT, type CodeWithText, errorTextKey } from '@/lib/api-error-text';
