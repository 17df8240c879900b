import type { EpisodeStatistics } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tipjars/{id}/episodes/statistics: tips, gross and net per episode, newest episode first. */
export const useEpisodeStatistics = (tipjarId: string) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'episodes', 'statistics'],
    queryFn: ({ signal }) =>
      api.get<EpisodeStatistics>(`tipjars/${encodeURIComponent(tipjarId)}/episodes/statistics`, {
        signal,
        silent: true,
      }),
  });
