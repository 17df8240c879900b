import type { TokenResponse, UpdatePasswordBody, UpdateProfileBody, User } from '@podpot/domain';
import { useMutation } from '@tanstack/react-query';
import { api, tokenStorage } from '@/lib/api-client';
import { setUser } from '@/lib/auth';

export function updateProfile(data: UpdateProfileBody['data']): Promise<User> {
  return api.put<User>('users/me/profile', { data });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}

/**
 * A password change signs out every session of the user, this one too; the answer carries a fresh
 * token for this one, so the user stays signed in here.
 */
export async function updatePassword(data: UpdatePasswordBody['data']): Promise<void> {
  const token = await api.put<TokenResponse>('users/me/password', { data });
  tokenStorage.set(token.access_token);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
