import type { FaqItem, ListResponse } from '@podpot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Public FAQ: the API answers active items only. */
export function listPublicFaqitems(signal?: AbortSignal): Promise<ListResponse<FaqItem>> {
  return api.get<ListResponse<FaqItem>>('faqitems', { signal });
}

export const publicFaqitemsQuery = () =>
  queryOptions({ queryKey: ['faqitems', 'public'], queryFn: ({ signal }) => listPublicFaqitems(signal) });

export function usePublicFaqitems() {
  return useQuery(publicFaqitemsQuery());
}
