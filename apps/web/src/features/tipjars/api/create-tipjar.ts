import type { CreateTipjarBody, CreateTipjarResponse, ListResponse } from '@podpot/domain';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';

/** Price of the Podpot add-on in cents, shown on AFREKENEN (config/env.ts). */
export const TIPJAR_PRICE_CENTS = env.tipjarPriceCents;

/** POST tipjars: orders a tip jar; logged out, `account` registers the maker in the same request. */
export function createTipjar(data: CreateTipjarBody['data']): Promise<CreateTipjarResponse> {
  // Field errors (slug taken, e-mail in use) are shown next to the inputs, so no status toast.
  return api.post<CreateTipjarResponse>('tipjars', { data }, { silent: true });
}

/** Is this e-mail address still free for a new account? Rejects without detail when the call fails. */
export async function testOrderEmail(email: string): Promise<boolean> {
  const answer = await api.post<{ available: boolean }>('tipjars/create/test-email', { email }, { silent: true });
  return answer.available;
}

/** Is this a valid mobile number (server side, same rule as the domain)? */
export async function testOrderPhoneNumber(phoneNumber: string): Promise<boolean> {
  const answer = await api.post<{ valid: boolean }>(
    'tipjars/create/test-phonenumber',
    { phoneNumber },
    { silent: true },
  );
  return answer.valid;
}

/**
 * Best-effort availability of a slug: GET tipjars?slug= shows LIVE tip jars to anyone (and the
 * caller's own in any status). Unpaid tip jars of others stay hidden, so the order call has the last word.
 */
export async function isSlugFree(slug: string, signal?: AbortSignal): Promise<boolean> {
  const list = await api.get<ListResponse<{ slug: string }>>('tipjars', { query: { slug }, signal, silent: true });
  return !(list?.data ?? []).some((tipjar) => tipjar.slug === slug);
}
