import type { CreateMerchantBody, OppMerchantView } from '@podpot/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { pageLocale } from '@/lib/locale';

const merchantPath = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/oppmerchant`;

/** GET tipjars/{id}/oppmerchant: freshly read from the provider; null when the tip jar has none yet. */
export async function getMerchant(tipjarId: string): Promise<OppMerchantView | null> {
  try {
    return await api.get<OppMerchantView>(merchantPath(tipjarId), { silent: true });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const merchantQuery = (tipjarId: string) =>
  queryOptions({ queryKey: ['tipjars', tipjarId, 'oppmerchant'], queryFn: () => getMerchant(tipjarId) });

export const useMerchant = (tipjarId: string) => useQuery(merchantQuery(tipjarId));

/** POST tipjars/{id}/oppmerchant: registers the maker with the provider. */
export function useCreateMerchant(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateMerchantBody['data']) =>
      api.post<OppMerchantView>(merchantPath(tipjarId), { data: { ...data, locale: pageLocale() } }, { silent: true }),
    onSuccess: (merchant) => {
      queryClient.setQueryData(merchantQuery(tipjarId).queryKey, merchant);
      // The tip jar's oppMerchant (menu alert, dashboard) changed too.
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}

/** POST tipjars/{id}/oppmerchant/connect (ADMIN): links an existing merchant of our partner account. */
export function connectMerchant(tipjarId: string, merchantUid: string): Promise<OppMerchantView> {
  return api.post<OppMerchantView>(`${merchantPath(tipjarId)}/connect`, { merchantUid }, { silent: true });
}

/** POST tipjars/{id}/oppmerchant/migrate: a consumer merchant becomes a business one (same uid). */
export function migrateMerchant(tipjarId: string, cocNumber: string): Promise<OppMerchantView> {
  return api.post<OppMerchantView>(`${merchantPath(tipjarId)}/migrate`, { data: { cocNumber } }, { silent: true });
}

/** POST tipjars/{id}/oppmerchant/disconnect (ADMIN): unlinks it; the provider keeps the merchant. */
export function disconnectMerchant(tipjarId: string): Promise<void> {
  return api.post<void>(`${merchantPath(tipjarId)}/disconnect`, {});
}
