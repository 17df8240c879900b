import { type ListResponse, type Statistics, type Tip, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TipsTableState } from '@/features/tips/components/tips-table';
import { api, downloadFile } from '@/lib/api-client';
import { neighbourCursor } from '@/lib/list-cursor';

const base = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}`;

/**
 * GET tipjars/{id}/tips: the paging conversion (docs/product.md §5; limit = exclusive end) plus the status and
 * episode filters; `cursor`: the next or previous page by keyset (decision 041).
 */
export function listTipjarTips(
  tipjarId: string,
  state: TipsTableState,
  signal?: AbortSignal,
  cursor: { after?: string; before?: string } = {},
) {
  const { status, episodeId, ...table } = state;
  return api.get<ListResponse<Tip>>(`${base(tipjarId)}/tips`, {
    query: { ...toListQuery(table), status, episodeId, ...cursor },
    signal,
  });
}

const tipjarTipsKey = (tipjarId: string, state: TipsTableState) => ['tipjars', tipjarId, 'tips', state];

export const useTipjarTips = (tipjarId: string, state: TipsTableState) =>
  useQuery({
    queryKey: tipjarTipsKey(tipjarId, state),
    queryFn: ({ signal, client }) =>
      listTipjarTips(
        tipjarId,
        state,
        signal,
        neighbourCursor(client, (s) => tipjarTipsKey(tipjarId, s), state),
      ),
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/tips/{tipId}. */
export const useTipjarTip = (tipjarId: string, tipId: string | undefined) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'tips', 'one', tipId],
    queryFn: ({ signal }) => api.get<Tip>(`${base(tipjarId)}/tips/${encodeURIComponent(tipId ?? '')}`, { signal }),
    enabled: Boolean(tipId),
  });

/** GET tipjars/{id}/statistics. */
export const useTipjarStatistics = (tipjarId: string) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'statistics'],
    queryFn: ({ signal }) => api.get<Statistics>(`${base(tipjarId)}/statistics`, { signal, silent: true }),
  });

/** GET tipjars/{id}/tips/export: the tip jar's tips as CSV, for a program or for Dutch Excel (decision 084). */
export const downloadTipjarTips = (tipjarId: string, separator: 'comma' | 'semicolon') =>
  downloadFile(`${base(tipjarId)}/tips/export`, {
    query: separator === 'semicolon' ? { separator } : undefined,
    filename: `tips-${separator === 'semicolon' ? 'excel-' : ''}${new Date().toISOString().slice(0, 10)}.csv`,
  });
