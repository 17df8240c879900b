import type { TipOutcome } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTipOutcome(tipId: string, signal?: AbortSignal): Promise<TipOutcome> {
  return api.get<TipOutcome>(`tips/${encodeURIComponent(tipId)}/outcome`, { signal, silent: true });
}

/** Polling back-off: 1 s, 1.5 s, 2.25 s … at most 10 s between asks. */
export function outcomePollDelay(attempt: number): number {
  return Math.min(1000 * 1.5 ** attempt, 10_000);
}

/**
 * GET tips/{id}/outcome, asked again with a back-off until the outcome is final (the provider
 * notifies us asynchronously, so the browser may be back before the payment is known).
 */
export function useTipOutcome(tipId: string | null) {
  return useQuery({
    queryKey: ['tips', tipId, 'outcome'],
    queryFn: ({ signal }) => getTipOutcome(tipId ?? '', signal),
    enabled: Boolean(tipId),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.final || query.state.status === 'error' ? false : outcomePollDelay(query.state.dataUpdateCount),
    refetchIntervalInBackground: false,
  });
}
