import type { ListResponse, Tipjar } from '@podpot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** The backoffice gets the full tip jar (its admins may see every field, in any status). */
export type BackofficeTipjar = Tipjar;

/** No tip jar with this slug that the user manages: a 404 like the API's, never retried. */
export class TipjarNotFoundError extends ApiError {
  constructor(slug: string) {
    super(404, undefined, `No tip jar with slug ${slug} that you manage`);
    this.name = 'TipjarNotFoundError';
  }
}

/**
 * `managed=true`: only the tip jar's admins and platform admins get it; anyone else gets nothing,
 * not even the public fields a LIVE tip jar shows everybody (those are no backoffice).
 */
export async function getTipjarBySlug(slug: string, signal?: AbortSignal): Promise<BackofficeTipjar> {
  const list = await api.get<ListResponse<BackofficeTipjar>>('tipjars', {
    query: { slug, managed: true },
    signal,
    silent: true,
  });
  const tipjar = list?.data?.find((candidate) => candidate.slug === slug);
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
