import { type ListResponse, type RecurringTip, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { api, downloadFile } from '@/lib/api-client';

const base = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/recurringtips`;

/** GET tipjars/{id}/recurringtips: the tip jar's monthly tips (created, newest first by default). */
export const useTipjarRecurringTips = (tipjarId: string, state: TableState) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'recurringtips', state],
    queryFn: ({ signal }) => api.get<ListResponse<RecurringTip>>(base(tipjarId), { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/recurringtips/{tipId}: one monthly tip with its charges. */
export const useTipjarRecurringTip = (tipjarId: string, id: string | undefined) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'recurringtips', 'one', id],
    queryFn: ({ signal }) => api.get<RecurringTip>(`${base(tipjarId)}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });

/** GET tipjars/{id}/recurringtips/export: the monthly supporters as CSV, for a program or for Dutch Excel (decision 084). */
export const downloadTipjarRecurringTips = (tipjarId: string, separator: 'comma' | 'semicolon') =>
  downloadFile(`${base(tipjarId)}/export`, {
    query: separator === 'semicolon' ? { separator } : undefined,
    filename: `monthly-tips-${separator === 'semicolon' ? 'excel-' : ''}${new Date().toISOString().slice(0, 10)}.csv`,
  });
