import type { PasswordResetBody } from '@podpot/domain';
import { api } from '@/lib/api-client';

/** Always answers 204, whether or not the address is known. */
export function recoverPassword(email: string): Promise<void> {
  return api.post<void>(`auth/password-recover/${encodeURIComponent(email)}`);
}

export function resetPassword(body: PasswordResetBody): Promise<void> {
  return api.post<void>('auth/password-reset', body);
}
