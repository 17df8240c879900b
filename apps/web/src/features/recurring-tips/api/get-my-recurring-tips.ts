import { type ListResponse, type RecurringTip, toListQuery } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While a first payment (or a mandate retry) is being confirmed, the page asks again this often. */
export const PENDING_POLL_MS = 2000;

/** Something is on its way: the provider's notification will change the answer soon. */
export function isSettling(tip: RecurringTip): boolean {
  return (
    tip.status !== 'cancelled' && (tip.mandate.status === 'pending' || tip.charges.some((c) => c.status === 'pending'))
  );
}

export const myRecurringTipsKey = ['user', 'me', 'recurringtips'] as const;

/** GET user/me/recurringtips: own monthly tips, newest first (docs/product.md §9). */
export const useMyRecurringTips = (options: { enabled?: boolean; limit?: number } = {}) =>
  useQuery({
    queryKey: [...myRecurringTipsKey, 'list', options.limit ?? 100],
    queryFn: ({ signal }) =>
      api.get<ListResponse<RecurringTip>>('user/me/recurringtips', {
        query: toListQuery({ page: 1, itemsPerPage: options.limit ?? 100, sortBy: 'created', sortDesc: true }),
        signal,
        silent: true,
      }),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => (query.state.data?.data.some(isSettling) ? PENDING_POLL_MS : false),
  });

/**
 * GET user/me/recurringtips/{id}: one own monthly tip with its payments. `token` is the manage link's
 * token (?token=): it opens this one monthly tip without logging in.
 */
export const myRecurringTipQuery = (id: string, token: string | null) => ({
  queryKey: [...myRecurringTipsKey, 'one', id, token ?? ''] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<RecurringTip>(`user/me/recurringtips/${encodeURIComponent(id)}`, {
      query: token ? { token } : undefined,
      signal,
      // The page tells a missing tip or an expired link itself.
      silent: true,
    }),
});

export const useMyRecurringTip = (id: string, token: string | null) =>
  useQuery({
    ...myRecurringTipQuery(id, token),
    retry: false,
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data) ? PENDING_POLL_MS : false),
  });
