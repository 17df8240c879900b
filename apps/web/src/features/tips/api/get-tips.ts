import { type ListResponse, type Tip, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TipsTableState } from '@/features/tips/components/tips-table';
import { api, downloadFile } from '@/lib/api-client';
import { neighbourCursor } from '@/lib/list-cursor';

function tipsQuery(state: TipsTableState) {
  const { status, ...table } = state;
  return { ...toListQuery(table), status };
}

const adminTipsKey = (state: TipsTableState) => ['tips', 'admin', state];

/** GET tips (ADMIN): every tip jar's tips, with the tipper's e-mail; the next or previous page by keyset (decision 041). */
export const useAdminTips = (state: TipsTableState) =>
  useQuery({
    queryKey: adminTipsKey(state),
    queryFn: ({ signal, client }) =>
      api.get<ListResponse<Tip>>('tips', {
        query: { ...tipsQuery(state), ...neighbourCursor(client, adminTipsKey, state) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET tips/{id} (ADMIN). */
export const useAdminTip = (id: string | undefined) =>
  useQuery({
    queryKey: ['tips', 'admin', 'one', id],
    queryFn: ({ signal }) => api.get<Tip>(`tips/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });

/**
 * GET tips/export: a CSV of the tips matching the table's search, filter and sort (not its paging).
 * Needs the bearer token, so it is fetched and saved from a blob rather than opened as a link.
 */
export function exportTips(state: TipsTableState): Promise<void> {
  const { search, sortBy, sortDesc, status } = state;
  return downloadFile('tips/export', {
    query: { ...toListQuery({ search, sortBy, sortDesc }), status },
    filename: `tips-${new Date().toISOString().slice(0, 10)}.csv`,
    // The page says itself that the export failed.
    silent: true,
  });
}
