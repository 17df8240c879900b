import type { ListResponse, PublicTipjar } from '@podpot/domain';
import { api } from '@/lib/api-client';

/**
 * GET tipjars?slug=: the tip jar of the storefront, or null when the slug is unknown or the tip jar
 * is not LIVE. Its own admins get it in any status, so the status is checked here too.
 */
export async function getPublicTipjar(slug: string, signal?: AbortSignal): Promise<PublicTipjar | null> {
  const list = await api.get<ListResponse<PublicTipjar>>('tipjars', { query: { slug }, signal, silent: true });
  const tipjar = list?.data?.find((candidate) => candidate.slug === slug);
  return tipjar && tipjar.status === 'LIVE' && tipjar.active ? tipjar : null;
}
