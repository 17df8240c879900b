import type { SupporterFeed, SupporterFeedSummary } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bonusKey } from './bonus-episodes';

/** GET tipjars/{id}/supporter-feed: how many supporters have the feed, and the URLs that may have leaked. */
export const useSupporterFeedSummary = (tipjarId: string) =>
  useQuery({
    queryKey: [...bonusKey(tipjarId), 'summary'],
    queryFn: ({ signal }) =>
      api.get<SupporterFeedSummary>(`tipjars/${encodeURIComponent(tipjarId)}/supporter-feed`, { signal, silent: true }),
  });

const feedPath = (recurringTipId: string) => `user/me/recurringtips/${encodeURIComponent(recurringTipId)}/feed`;
const feedKey = (recurringTipId: string, token: string | null) =>
  ['user', 'me', 'recurringtips', 'feed', recurringTipId, token ?? ''] as const;

/**
 * GET user/me/recurringtips/{id}/feed: the supporter's own private feed. `token`: the manage link's
 * (?token=), sent as the other calls of that page send it.
 */
export const useMySupporterFeed = (recurringTipId: string, token: string | null) =>
  useQuery({
    queryKey: feedKey(recurringTipId, token),
    queryFn: ({ signal }) =>
      api.get<SupporterFeed>(feedPath(recurringTipId), {
        query: token ? { token } : undefined,
        signal,
        silent: true,
      }),
    retry: false,
  });

/** POST user/me/recurringtips/{id}/feed/rotate: a new URL; the old one stops working. */
export function useRotateSupporterFeed(recurringTipId: string, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<SupporterFeed>(`${feedPath(recurringTipId)}/rotate`, undefined, {
        query: token ? { token } : undefined,
      }),
    onSuccess: (feed) => queryClient.setQueryData(feedKey(recurringTipId, token), feed),
  });
}
