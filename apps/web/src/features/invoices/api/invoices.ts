import { type Invoice, type ListResponse, toListQuery } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { invalidateAfterDelete } from '@/lib/invalidate-after-delete';

/** GET invoices (ADMIN). */
export const useInvoices = (state: TableState) =>
  useQuery({
    queryKey: ['invoices', 'admin', state],
    queryFn: ({ signal }) => api.get<ListResponse<Invoice>>('invoices', { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });

/** GET invoices/{id} (ADMIN). */
export const useInvoice = (id: string | undefined) =>
  useQuery({
    queryKey: ['invoices', 'one', id],
    queryFn: ({ signal }) => api.get<Invoice>(`invoices/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });

/** Every invoice mutation refreshes all invoice lists and details. */
function useInvoiceMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }) });
}

export const useBatchCreateInvoices = () =>
  useInvoiceMutation((period: string) => api.post<{ count: number }>('invoices/batch/create', { data: { period } }));

/** POST tipjars/{id}/invoices (ADMIN): one tip jar's platform-fee invoice of a month. */
export const useCreateInvoice = () =>
  useInvoiceMutation(({ tipjarId, period }: { tipjarId: string; period: string }) =>
    api.post<Invoice>(`tipjars/${encodeURIComponent(tipjarId)}/invoices`, { data: { period } }, { silent: true }),
  );

export const useBatchSendInvoices = () =>
  useInvoiceMutation(() => api.post<{ count: number }>('invoices/batch/send', {}));

export const useSendInvoice = () =>
  useInvoiceMutation((id: string) => api.post<Invoice>(`invoices/${encodeURIComponent(id)}/send`, {}));

export const useUpdateInvoiceStatus = () =>
  useInvoiceMutation(({ id, status }: { id: string; status: 'paid' | 'void' }) =>
    api.put<Invoice>(`invoices/${encodeURIComponent(id)}`, { data: { status } }),
  );

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`invoices/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => invalidateAfterDelete(queryClient, 'invoices', id),
  });
}
