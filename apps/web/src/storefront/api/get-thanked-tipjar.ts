import type { ListResponse, PublicTipjar } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tipjars?slug=: the tip jar thanked (name, thank-you message), or null when it is not public. */
export function useThankedTipjar(slug: string | null) {
  return useQuery({
    queryKey: ['tipjars', 'public', slug],
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResponse<PublicTipjar>>('tipjars', { query: { slug }, signal, silent: true });
      return list?.data?.find((tipjar) => tipjar.slug === slug) ?? null;
    },
    enabled: Boolean(slug),
  });
}
