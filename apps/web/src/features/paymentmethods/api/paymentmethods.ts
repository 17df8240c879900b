import type { PaymentMethod } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { api } from '@/lib/api-client';
import { crud } from '@/lib/crud';
import { invalidateAfterDelete } from '@/lib/invalidate-after-delete';

export type PaymentMethodData = Pick<PaymentMethod, 'name' | 'type' | 'active' | 'priority'>;
export const paymentmethodsApi = crud<PaymentMethod, PaymentMethodData>('paymentmethods');

export const usePaymentmethods = (state: TableState) =>
  useQuery({
    queryKey: ['paymentmethods', 'admin', state],
    queryFn: ({ signal }) => paymentmethodsApi.list(state, signal),
    placeholderData: keepPreviousData,
  });

export const usePaymentmethod = (id: string | undefined) =>
  useQuery({
    queryKey: ['paymentmethods', id],
    queryFn: ({ signal }) => paymentmethodsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });

export function useSavePaymentmethod(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PaymentMethodData) => (id ? paymentmethodsApi.update(id, data) : paymentmethodsApi.create(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['paymentmethods'] }),
  });
}

export function useDeletePaymentmethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paymentmethodsApi.remove,
    onSuccess: (_, id) => invalidateAfterDelete(queryClient, 'paymentmethods', id),
  });
}

/** Refreshes the bank list of a method from the payment provider. */
export function useSyncIssuers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PaymentMethod>(`paymentmethods/${encodeURIComponent(id)}/issuers/sync`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['paymentmethods'] }),
  });
}
