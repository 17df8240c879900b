import type { Statistics, StatisticsQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tipjars/{id}/statistics (a tip jar) or GET tipjars/statistics (the platform, admins). */
export function getStatistics(tipjarId: string | undefined, query: StatisticsQuery, signal?: AbortSignal) {
  const path = tipjarId ? `tipjars/${encodeURIComponent(tipjarId)}/statistics` : 'tipjars/statistics';
  return api.get<Statistics>(path, { query, signal, silent: true });
}

/** The statistics of a period; the previous period's figures stay on screen while the next loads. */
export const useStatistics = (tipjarId: string | undefined, query: StatisticsQuery | null) =>
  useQuery({
    queryKey: ['statistics', tipjarId ?? 'platform', query],
    queryFn: ({ signal }) => getStatistics(tipjarId, query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
