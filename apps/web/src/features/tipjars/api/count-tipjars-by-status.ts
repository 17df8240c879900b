import { type ListResponse, TIPJAR_STATUSES, type TipjarStatus } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Counts tip jars per status from one window of the list (the statistics API may replace this). */
async function countTipjarsByStatus(signal?: AbortSignal) {
  const list = await api.get<ListResponse<{ status: TipjarStatus }>>('tipjars', {
    query: { skip: 0, limit: 1000 },
    signal,
  });
  const counts = Object.fromEntries(TIPJAR_STATUSES.map((status) => [status, 0])) as Record<TipjarStatus, number>;
  for (const tipjar of list.data) counts[tipjar.status] += 1;
  return { total: list.metadata.count, counts, complete: list.metadata.count <= list.data.length };
}

/** The admin dashboard's tip jar counts. */
export const useTipjarCounts = () =>
  useQuery({
    queryKey: ['tipjars', 'admin', 'counts'],
    queryFn: ({ signal }) => countTipjarsByStatus(signal),
  });
