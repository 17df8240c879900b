import type { ApiTokenList, CreateApiTokenBody, CreatedApiToken } from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A tip jar's personal API tokens (decision 096): listed, made and revoked by its admins in a session. */

const tokensPath = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/tokens`;
const tokensKey = (tipjarId: string) => ['tipjars', tipjarId, 'tokens'];

/** GET tipjars/{id}/tokens: newest first, revoked ones too. */
export const useApiTokens = (tipjarId: string) =>
  useQuery({
    queryKey: tokensKey(tipjarId),
    queryFn: ({ signal }) => api.get<ApiTokenList>(tokensPath(tipjarId), { signal, silent: true }),
  });

/** POST tipjars/{id}/tokens: the answer holds the token itself, this once. */
export function useCreateApiToken(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => api.post<CreatedApiToken>(tokensPath(tipjarId), body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(tipjarId) }),
  });
}

/** DELETE tipjars/{id}/tokens/{tokenId}: the token stops working at once. */
export function useRevokeApiToken(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      api.delete<void>(`${tokensPath(tipjarId)}/${encodeURIComponent(tokenId)}`, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey(tipjarId) }),
  });
}
