import type {
  AcceptedInvitation,
  Invitation,
  LeftTipjar,
  Locale,
  TipjarInvitation,
  TipjarInvitationList,
} from '@podpot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A tip jar's admins by invitation (decision 062): its admins invite, list and withdraw invitations
 * and may leave; the invitee opens the mailed link, accepts or declines.
 */

const tipjarPath = (id: string) => `tipjars/${encodeURIComponent(id)}`;
const invitationPath = (token: string) => `invitations/${encodeURIComponent(token)}`;
const invitationsKey = (id: string) => ['tipjars', id, 'invitations'];

/** GET tipjars/{id}/invitations: the invitations waiting for an answer. */
export const useTipjarInvitations = (id: string) =>
  useQuery({
    queryKey: invitationsKey(id),
    queryFn: ({ signal }) => api.get<TipjarInvitationList>(`${tipjarPath(id)}/invitations`, { signal }),
  });

/** POST tipjars/{id}/admins: invites the address; the mail goes in `locale` when the address has no account. */
export function useInviteTipjarAdmin(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, locale }: { email: string; locale: Locale }) =>
      api.post<TipjarInvitation>(`${tipjarPath(id)}/admins`, { email, locale }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(id) }),
  });
}

/** DELETE tipjars/{id}/invitations/{invitationId}: its link stops working. */
export function useWithdrawInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete<void>(`${tipjarPath(id)}/invitations/${encodeURIComponent(invitationId)}`, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(id) }),
  });
}

/** DELETE tipjars/{id}/admins/me: the signed-in user stops administering the tip jar. */
export function useLeaveTipjar(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<LeftTipjar>(`${tipjarPath(id)}/admins/me`, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tipjars'] }),
  });
}

/** GET invitations/{token}: the invitation behind a mailed link (no login needed). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) => api.get<Invitation>(invitationPath(token), { signal, silent: true }),
    enabled: token !== '',
    retry: false,
  });

/** POST invitations/{token}/accept, signed in with the invited address. */
export const acceptInvitation = (token: string) =>
  api.post<AcceptedInvitation>(`${invitationPath(token)}/accept`, undefined, { silent: true });

/** POST invitations/{token}/decline: the link is enough. */
export const declineInvitation = (token: string) =>
  api.post<void>(`${invitationPath(token)}/decline`, undefined, { silent: true });
