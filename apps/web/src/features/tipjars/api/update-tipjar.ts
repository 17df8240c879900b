import type { Tipjar, UpdateTipjarBody } from '@podpot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const tipjarPath = (id: string) => `tipjars/${encodeURIComponent(id)}`;

/** PUT tipjars/{id}: settings of its admins. */
export function updateTipjar(id: string, data: UpdateTipjarBody['data']): Promise<Tipjar> {
  return api.put<Tipjar>(tipjarPath(id), { data });
}

/** DELETE tipjars/{id}/admins with body {email}: removes another admin; the last admin cannot be removed. */
export function removeTipjarAdmin(id: string, email: string): Promise<Tipjar> {
  return api.delete<Tipjar>(`${tipjarPath(id)}/admins`, { body: { email }, silent: true });
}

/** Every change answers the tip jar: put it where the backoffice layout reads it, refresh the rest. */
function useTipjarMutation<V>(mutationFn: (variables: V) => Promise<Tipjar>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (tipjar) => {
      queryClient.setQueryData(['tipjars', 'slug', tipjar.slug], tipjar);
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}

export const useUpdateTipjar = (id: string) =>
  useTipjarMutation((data: UpdateTipjarBody['data']) => updateTipjar(id, data));
export const useRemoveTipjarAdmin = (id: string) => useTipjarMutation((email: string) => removeTipjarAdmin(id, email));
