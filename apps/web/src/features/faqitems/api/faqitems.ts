import type { FaqItem } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { crud } from '@/lib/crud';
import { invalidateAfterDelete } from '@/lib/invalidate-after-delete';

export const faqitemsApi = crud<FaqItem, Omit<FaqItem, 'id' | 'created' | 'updated'>>('faqitems');

export const useFaqitems = (state: TableState) =>
  useQuery({
    queryKey: ['faqitems', 'admin', state],
    queryFn: ({ signal }) => faqitemsApi.list(state, signal),
    placeholderData: keepPreviousData,
  });

export const useFaqitem = (id: string | undefined) =>
  useQuery({
    queryKey: ['faqitems', id],
    queryFn: ({ signal }) => faqitemsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });

export function useSaveFaqitem(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: Omit<FaqItem, 'id' | 'created' | 'updated'>) =>
      id ? faqitemsApi.update(id, data) : faqitemsApi.create(data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faqitems'] }),
  });
}

export function useDeleteFaqitem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: faqitemsApi.remove,
    onSuccess: (_, id) => invalidateAfterDelete(queryClient, 'faqitems', id),
  });
}
