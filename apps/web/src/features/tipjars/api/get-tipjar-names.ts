import type { ListResponse, TipjarStatus } from '@podpot/domain';
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

/** A tip jar to pick (a platform admin's picker): name, slug and status tell two of one name apart. */
export interface TipjarChoice {
  id: string;
  name: string;
  slug: string;
  status: TipjarStatus;
}

/** Every current tip jar to pick from, by name then slug (archived ones get no new invoices). */
export const useTipjarChoices = () =>
  useQuery({
    queryKey: ['tipjars', 'admin', 'choices'],
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResponse<TipjarChoice>>('tipjars', {
        query: { skip: 0, limit: 1000 },
        signal,
        silent: true,
      });
      return (list?.data ?? [])
        .map(({ id, name, slug, status }) => ({ id, name, slug, status }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
    },
    staleTime: 60_000,
  });
