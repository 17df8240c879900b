import type { Boost, BoostList, BoostReadBody } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * Episode boosts (decision 097): GET tipjars/{id}/episodes/{episodeId}/boosts, the paid messages to
 * read on air by moment, and PUT tipjars/{id}/boosts/{tipId}, the done tick.
 */

const boostsKey = (tipjarId: string, episodeId: string) => ['tipjars', tipjarId, 'episodes', episodeId, 'boosts'];

export const useEpisodeBoosts = (tipjarId: string, episodeId: string) =>
  useQuery({
    queryKey: boostsKey(tipjarId, episodeId),
    queryFn: ({ signal }) =>
      api.get<BoostList>(`tipjars/${encodeURIComponent(tipjarId)}/episodes/${encodeURIComponent(episodeId)}/boosts`, {
        signal,
        silent: true,
      }),
  });

export function setBoostRead(tipjarId: string, tipId: string, data: BoostReadBody['data']): Promise<Boost> {
  return api.put<Boost>(`tipjars/${encodeURIComponent(tipjarId)}/boosts/${encodeURIComponent(tipId)}`, { data });
}

/** The done tick: the list shows the answer at once; the episodes' counts are read again. */
export function useSetBoostRead(tipjarId: string, episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipId, read }: { tipId: string; read: boolean }) => setBoostRead(tipjarId, tipId, { read }),
    onSuccess: (boost) => {
      queryClient.setQueryData<BoostList>(boostsKey(tipjarId, episodeId), (list) =>
        list ? { ...list, boosts: list.boosts.map((b) => (b.id === boost.id ? boost : b)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: ['tipjars', tipjarId, 'episodes', 'statistics'] });
    },
  });
}
