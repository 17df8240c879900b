import type { ListResponse, Tipjar } from '@podpot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The backoffice gets the full tip jar (its admins may see every field, in any status). */
export type BackofficeTipjar = Tipjar;

/** Thrown when no tip jar has this slug, so the layout can show a 404. */
export class TipjarNotFoundError extends Error {
  readonly status = 404;
  constructor(slug: string) {
    super(`No tip jar with slug ${slug}`);
    this.name = 'TipjarNotFoundError';
  }
}

export async function getTipjarBySlug(slug: string, signal?: AbortSignal): Promise<BackofficeTipjar> {
  const list = await api.get<ListResponse<BackofficeTipjar>>('tipjars', { query: { slug }, signal, silent: true });
  const tipjar = list?.data?.find((candidate) => candidate.slug === slug) ?? list?.data?.[0];
  if (!tipjar) throw new TipjarNotFoundError(slug);
  return tipjar;
}

export const tipjarBySlugQuery = (slug: string) =>
  queryOptions({ queryKey: ['tipjars', 'slug', slug], queryFn: ({ signal }) => getTipjarBySlug(slug, signal) });

/** While the payment is under way the provider's notification arrives in the background: poll for it. */
export const AWAITING_POLL_MS = 3000;

export function useTipjarBySlug(slug: string | undefined) {
  return useQuery({
    ...tipjarBySlugQuery(slug ?? ''),
    enabled: Boolean(slug),
    refetchInterval: (query) => (query.state.data?.status === 'AWAITING_PAYMENT' ? AWAITING_POLL_MS : false),
  });
}
