import type { BonusEpisode, BonusEpisodeInputSchema, Level } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type BonusEpisodeInput = z.input<typeof BonusEpisodeInputSchema>;

const base = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}`;
export const bonusEpisodesPath = (tipjarId: string, episodeId?: string) =>
  `${base(tipjarId)}/bonus-episodes${episodeId ? `/${encodeURIComponent(episodeId)}` : ''}`;

/** The tip jar's bonus queries: the episodes and the feed's summary change together. */
export const bonusKey = (tipjarId: string) => ['tipjars', tipjarId, 'bonus'] as const;

/** GET tipjars/{id}/bonus-episodes: every bonus episode of the tip jar, newest first. */
export const useBonusEpisodes = (tipjarId: string) =>
  useQuery({
    queryKey: [...bonusKey(tipjarId), 'episodes'],
    queryFn: ({ signal }) => api.get<{ data: BonusEpisode[] }>(bonusEpisodesPath(tipjarId), { signal, silent: true }),
  });

/** GET tipjars/{id}/levels: the levels a bonus episode may be kept for, cheapest first. */
export const useTipjarLevels = (tipjarId: string) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'levels'],
    queryFn: ({ signal }) =>
      api.get<{ data: Level[] }>(`${base(tipjarId)}/levels`, { signal, silent: true }).then((answer) => answer.data),
    retry: false,
  });

/** POST tipjars/{id}/bonus-episodes, or PUT …/{episodeId} with an id: the episode's words, date and level. */
export function useSaveBonusEpisode(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id?: string; data: BonusEpisodeInput }) =>
      id
        ? api.put<BonusEpisode>(bonusEpisodesPath(tipjarId, id), { data }, { silent: true })
        : api.post<BonusEpisode>(bonusEpisodesPath(tipjarId), { data }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKey(tipjarId) }),
  });
}

/** DELETE tipjars/{id}/bonus-episodes/{episodeId}: the episode and its files. */
export function useDeleteBonusEpisode(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(bonusEpisodesPath(tipjarId, id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKey(tipjarId) }),
  });
}
