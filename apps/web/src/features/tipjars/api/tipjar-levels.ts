import type { Level, PutLevelsBody } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A tip jar's levels with a perk line (issue 40): read and replaced as a whole by its admins. */

const levelsPath = (id: string) => `tipjars/${encodeURIComponent(id)}/levels`;
export const levelsKey = (id: string) => ['tipjars', id, 'levels'];

/** GET tipjars/{id}/levels: cheapest first. */
export const useTipjarLevels = (id: string) =>
  useQuery({
    queryKey: levelsKey(id),
    queryFn: async ({ signal }) => (await api.get<{ data: Level[] }>(levelsPath(id), { signal })).data,
  });

/** PUT tipjars/{id}/levels: the whole list; field errors (`data.1.amount`) come back on the ApiError. */
export function useSaveTipjarLevels(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: PutLevelsBody['data']) =>
      (await api.put<{ data: Level[] }>(levelsPath(id), { data }, { silent: true })).data,
    onSuccess: (levels) => {
      queryClient.setQueryData(levelsKey(id), levels);
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}
