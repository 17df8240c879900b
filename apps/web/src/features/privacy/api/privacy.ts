import type { EraseAccountBody } from '@podpot/domain';
import { useMutation } from '@tanstack/react-query';
import { api, downloadFile } from '@/lib/api-client';

/** Saves the zip of everything Podpot holds about the signed-in user (GET users/me/data). */
export function downloadMyData(): Promise<void> {
  return downloadFile('users/me/data', { filename: 'podpot-data.zip' });
}

/** Erases the signed-in account (POST users/me/erasure); the caller logs out afterwards. */
export function eraseAccount(data: EraseAccountBody['data']): Promise<{ erased: true }> {
  return api.post<{ erased: true }>('users/me/erasure', { data });
}

export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
