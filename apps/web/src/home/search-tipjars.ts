import type { ListResponse, PublicTipjar } from '@podpot/domain';
import { apiRequest } from '@/lib/api-client';

/** Shortest search the landing page sends: one letter would list half the tip jars. */
export const MIN_SEARCH_LENGTH = 2;
/** Tip jars the landing page shows per search (the API answers at most 20). */
export const SEARCH_RESULTS = 10;

/**
 * GET tipjars?search= without a session: the tip jars a listener can tip (LIVE), found by name or
 * address, with their public fields. Sent without the bearer token on purpose: a signed-in maker's
 * token would turn it into a search of their own tip jars.
 */
export function searchTipjars(search: string, signal?: AbortSignal): Promise<ListResponse<PublicTipjar>> {
  return apiRequest<ListResponse<PublicTipjar>>('tipjars', {
    query: { search, skip: 0, limit: SEARCH_RESULTS },
    anonymous: true,
    silent: true,
    signal,
  });
}
