import type { ListResponse } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type NameList = ListResponse<{ id: string; name: string; slug: string }>;

/**
 * Names of all tip jars for the table's tip jar column (admins see every tip jar): the current ones
 * and the archived ones, whose tips stay on the books.
 */
export const useTipjarNames = () =>
  useQuery({
    queryKey: ['tipjars', 'admin', 'names'],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        [false, true].map((archived) =>
          api.get<NameList>('tipjars', { query: { skip: 0, limit: 1000, archived }, signal, silent: true }),
        ),
      );
      return new Map(lists.flatMap((list) => list?.data ?? []).map((tipjar) => [tipjar.id, tipjar.name]));
    },
    staleTime: 5 * 60_000,
  });
