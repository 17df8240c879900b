import type { UpdatePasswordBody, UpdateProfileBody, User } from '@podpot/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setUser } from '@/lib/auth';

export function updateProfile(data: UpdateProfileBody['data']): Promise<User> {
  return api.put<User>('users/me/profile', { data });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => setUser(user) });
}

export function updatePassword(data: UpdatePasswordBody['data']): Promise<void> {
  return api.put<void>('users/me/password', { data });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
