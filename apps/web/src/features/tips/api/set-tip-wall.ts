import type { Tip, TipWallBody } from '@podpot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT tipjars/{id}/tips/{tipId}/wall: show or hide a tip's message on the storefront's supporter wall. */
export function setTipWall(tipjarId: string, tipId: string, data: TipWallBody['data']): Promise<Tip> {
  return api.put<Tip>(`tipjars/${encodeURIComponent(tipjarId)}/tips/${encodeURIComponent(tipId)}/wall`, { data });
}

export function useSetTipWall(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tipId, messageShown }: { tipId: string; messageShown: boolean }) =>
      setTipWall(tipjarId, tipId, { messageShown }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tipjars', tipjarId, 'tips'] }),
  });
}
