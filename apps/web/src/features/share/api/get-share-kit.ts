import type { ShareKit } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET tipjars/{id}/share: the funding tag, badge snippets and file addresses of a tip jar, per language. */
export const useShareKit = (tipjarId: string) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'share'],
    queryFn: ({ signal }) => api.get<ShareKit>(`tipjars/${encodeURIComponent(tipjarId)}/share`, { signal }),
    // Addresses change only with the slug or the public URL.
    staleTime: 5 * 60_000,
  });
