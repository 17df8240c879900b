import type { ListResponse, TipjarStatus, TipjarType } from '@podpot/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The tip jar fields the backoffice frame needs (spec §3). The full schema arrives with the tip jar issue. */
export interface BackofficeTipjar {
  id: string;
  slug: string;
  name: string;
  status: TipjarStatus;
  active: boolean;
  type: TipjarType;
  oppMerchant?: { complianceStatus?: string | null; merchantStatus?: string | null } | null;
}

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

export function useTipjarBySlug(slug: string | undefined) {
  return useQuery({ ...tipjarBySlugQuery(slug ?? ''), enabled: Boolean(slug) });
}
