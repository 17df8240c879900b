import type { FeedVerificationStarted, Tipjar } from '@podpot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const verificationPath = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/feed/verification`;

/** POST tipjars/{id}/feed/verification: mails a code to the owner address of the tip jar's feed. */
export function startFeedVerification(tipjarId: string): Promise<FeedVerificationStarted> {
  return api.post<FeedVerificationStarted>(verificationPath(tipjarId), undefined, { silent: true });
}

/** POST tipjars/{id}/feed/verification/confirm {code}: answers the tip jar, now verified. */
export function confirmFeedVerification(tipjarId: string, code: string): Promise<Tipjar> {
  return api.post<Tipjar>(`${verificationPath(tipjarId)}/confirm`, { code }, { silent: true });
}

export const useStartFeedVerification = (tipjarId: string) =>
  useMutation({ mutationFn: () => startFeedVerification(tipjarId) });

/** On success the tip jar's queries (the backoffice layout reads ['tipjars', 'slug', slug]) get the new answer. */
export function useConfirmFeedVerification(tipjarId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmFeedVerification(tipjarId, code),
    onSuccess: (tipjar) => {
      queryClient.setQueryData(['tipjars', 'slug', tipjar.slug], tipjar);
      void queryClient.invalidateQueries({ queryKey: ['tipjars'] });
    },
  });
}
