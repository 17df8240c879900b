import type { ListResponse } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Names of all tip jars for the table's tip jar column (one call; admins see every tip jar). */
export const useTipjarNames = () =>
  useQuery({
    queryKey: ['tipjars', 'admin', 'names'],
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResponse<{ id: string; name: string; slug: string }>>('tipjars', {
        query: { skip: 0, limit: 1000 },
        signal,
        silent: true,
      });
      return new Map((list?.data ?? []).map((tipjar) => [tipjar.id, tipjar.name]));
    },
    staleTime: 5 * 60_000,
  });
