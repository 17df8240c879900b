import type { PaymentChoice, RecurringTip, UpdateRecurringTipBody } from '@podpot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myRecurringTipQuery, myRecurringTipsKey } from '@/features/recurring-tips/api/get-my-recurring-tips';
import { api } from '@/lib/api-client';
import { pageLocale } from '@/lib/locale';

const path = (id: string) => `user/me/recurringtips/${encodeURIComponent(id)}`;

/** PUT user/me/recurringtips/{id}: a new amount (from next month), pause, resume ('active') or cancel. */
export function updateRecurringTip(id: string, data: UpdateRecurringTipBody['data'], token: string | null) {
  return api.put<RecurringTip>(path(id), { data }, { query: token ? { token } : undefined, silent: true });
}

/** POST user/me/recurringtips/{id}/mandate/retry: a new first payment; redirect to its checkout. */
export function retryMandate(id: string, data: PaymentChoice, token: string | null) {
  return api.post<RecurringTip>(
    `${path(id)}/mandate/retry`,
    { data: { ...data, locale: pageLocale() } },
    { query: token ? { token } : undefined, silent: true },
  );
}

function useStore(id: string, token: string | null) {
  const queryClient = useQueryClient();
  return (answer: RecurringTip) => {
    queryClient.setQueryData(myRecurringTipQuery(id, token).queryKey, answer);
    void queryClient.invalidateQueries({ queryKey: [...myRecurringTipsKey, 'list'] });
    // The private feed's card (features/bonus) keeps its answer under this tip's key: a pause, a cancel
    // or a resume opens or ends the feed, so the card reads it again.
    void queryClient.invalidateQueries({ queryKey: [...myRecurringTipsKey, 'feed', id] });
  };
}

export function useUpdateRecurringTip(id: string, token: string | null) {
  const store = useStore(id, token);
  return useMutation({
    mutationFn: (data: UpdateRecurringTipBody['data']) => updateRecurringTip(id, data, token),
    onSuccess: store,
  });
}

export function useRetryMandate(id: string, token: string | null) {
  const store = useStore(id, token);
  return useMutation({
    mutationFn: (data: PaymentChoice) => retryMandate(id, data, token),
    onSuccess: store,
  });
}
