import type { RegisterBody, TokenResponse } from '@podpot/domain';
import { api } from '@/lib/api-client';

/** Registers and answers a token: the new user is logged in right away. */
export function registerUser(data: RegisterBody['data']): Promise<TokenResponse> {
  return api.post<TokenResponse>('users/register', { data });
}

/** Is this e-mail address still free? Rejects (without detail) when the call fails (docs/product.md §8). */
export async function testRegisterEmail(email: string): Promise<boolean> {
  const answer = await api.post<{ available: boolean }>('users/register/test-email', { email }, { silent: true });
  return answer.available;
}
