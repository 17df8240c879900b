import type { Tipjar, UpdateTipjarBody } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { crud } from '@/lib/crud';

/** GET/PUT/DELETE tipjars: platform admins see every tip jar. Lists use the spec's paging conversion. */
export const tipjarsApi = crud<Tipjar, UpdateTipjarBody['data']>('tipjars');

export function useAdminTipjars(state: TableState) {
  return useQuery({
    queryKey: ['tipjars', 'admin', state],
    queryFn: ({ signal }) => tipjarsApi.list(state, signal),
    placeholderData: keepPreviousData,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tipjars'] }),
  });
}
