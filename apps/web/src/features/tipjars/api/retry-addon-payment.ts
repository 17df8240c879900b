import type { Addon, PaymentChoice } from '@podpot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pageLocale } from '@/lib/locale';

/** POST tipjars/{id}/addons/{addonId}/payment/retry: a new payment for an unpaid order (or the open one). */
export function retryAddonPayment(tipjarId: string, addonId: string, choice: PaymentChoice): Promise<Addon> {
  return api.post<Addon>(
    `tipjars/${encodeURIComponent(tipjarId)}/addons/${encodeURIComponent(addonId)}/payment/retry`,
    { data: { ...choice, locale: pageLocale() } },
  );
}

export function useRetryAddonPayment(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ addonId, choice }: { addonId: string; choice: PaymentChoice }) =>
      retryAddonPayment(tipjarId, addonId, choice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tipjars'] }),
  });
}
