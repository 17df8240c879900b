import type { ListResponse, PublicTipjar } from '@podpot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STOREFRONT_DATA_ELEMENT_ID } from '@/config/paths';
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

/**
 * The tip jar the server wrote into the page's first HTML (apps/api plugins/web.ts), when it is the
 * one asked for: the storefront draws at once instead of waiting for the API. Read once, then the
 * element goes (later visits of other storefronts in the same page ask the API).
 */
export function takeInlinedTipjar(slug: string): PublicTipjar | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(STOREFRONT_DATA_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const tipjar = JSON.parse(element.textContent ?? '') as PublicTipjar;
    return tipjar.slug === slug && tipjar.status === 'LIVE' && tipjar.active ? tipjar : undefined;
  } catch {
    return undefined;
  }
}

export const publicTipjarQuery = (slug: string) =>
  queryOptions({
    queryKey: ['tipjars', 'public', slug],
    queryFn: ({ signal }) => getPublicTipjar(slug, signal),
  });

export function usePublicTipjar(slug: string) {
  return useQuery({
    ...publicTipjarQuery(slug),
    enabled: Boolean(slug),
    // As fresh as an answer of the API just now (the client's staleTime applies from here).
    initialData: () => takeInlinedTipjar(slug),
    initialDataUpdatedAt: Date.now,
  });
}
