import type { ListResponse, PaymentMethod } from '@podpot/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET paymentmethods: the active ones, priority descending (docs/product.md §2), for the checkout block. */
export async function listActivePaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const list = await api.get<ListResponse<PaymentMethod>>('paymentmethods', { signal });
  // The API answers active methods by priority already; sorting again keeps the rule visible here.
  return (list?.data ?? []).filter((method) => method.active).sort((a, b) => b.priority - a.priority);
}

export const activePaymentMethodsQuery = queryOptions({
  queryKey: ['paymentmethods', 'active'],
  queryFn: ({ signal }) => listActivePaymentMethods(signal),
  staleTime: 60_000,
});
