import type { CreateRefundBody, ListResponse, Refund } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tips/{id}/refunds (ADMIN) or, with a tip jar, GET tipjars/{id}/tips/{tipId}/refunds. */
export const useTipRefunds = (tipId: string | undefined, tipjarId?: string) =>
  useQuery({
    queryKey: ['tips', 'refunds', tipId, tipjarId ?? 'admin'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Refund>>(
        tipjarId
          ? `tipjars/${encodeURIComponent(tipjarId)}/tips/${encodeURIComponent(tipId ?? '')}/refunds`
          : `tips/${encodeURIComponent(tipId ?? '')}/refunds`,
        { signal, silent: true },
      ),
    enabled: Boolean(tipId),
  });

/**
 * POST tips/{id}/refunds (ADMIN). The dialog makes one `idempotencyKey` per refund it shows, so a
 * double click or a retry after a lost answer refunds once.
 */
export function useCreateRefund(tipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, idempotencyKey }: { data: CreateRefundBody['data']; idempotencyKey: string }) =>
      api.post<Refund>(
        `tips/${encodeURIComponent(tipId)}/refunds`,
        { data },
        // The dialog shows the failure itself (field messages or an alert).
        { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['tips'] });
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}
