import type { ListResponse, Tipjar, TipjarDeletion, UpdateTipjarBody } from '@podpot/domain';
import { toListQuery } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { api } from '@/lib/api-client';
import { crud } from '@/lib/crud';
import { invalidateAfterDelete } from '@/lib/invalidate-after-delete';

/** GET/PUT/DELETE tipjars: platform admins see every tip jar. Lists use the paging conversion (docs/product.md §5). */
export const tipjarsApi = crud<Tipjar, UpdateTipjarBody['data']>('tipjars');

/** The admin table's view: paging and search, and whether it shows the archived tip jars instead. */
export type AdminTipjarsState = TableState & { archived?: boolean };

export function useAdminTipjars(state: AdminTipjarsState) {
  return useQuery({
    queryKey: ['tipjars', 'admin', state],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Tipjar>>('tipjars', {
        query: { ...toListQuery(state), archived: state.archived || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET tipjars/{id}/deletion: whether DELETE deletes or archives, asked when the confirmation opens. */
export function useTipjarDeletion(id: string | undefined) {
  return useQuery({
    queryKey: ['tipjars', 'id', id, 'deletion'],
    queryFn: ({ signal }) => api.get<TipjarDeletion>(`tipjars/${encodeURIComponent(id ?? '')}/deletion`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useAdminTipjar(id: string | undefined) {
  return useQuery({
    queryKey: ['tipjars', 'id', id],
    queryFn: ({ signal }) => tipjarsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useUpdateAdminTipjar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: UpdateTipjarBody['data']) => tipjarsApi.update(id, data),
    onSuccess: (tipjar) => {
      queryClient.setQueryData(['tipjars', 'id', id], tipjar);
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}

export function useDeleteAdminTipjar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => tipjarsApi.remove(id),
    onSuccess: (_, id) => invalidateAfterDelete(queryClient, 'tipjars', id),
  });
}
