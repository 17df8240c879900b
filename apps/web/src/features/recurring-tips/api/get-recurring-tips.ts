import { type ListResponse, type RecurringTip, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { api } from '@/lib/api-client';

/** GET recurringtips (ADMIN): the monthly tips of every tip jar, with the tipper's e-mail. */
export const useAdminRecurringTips = (state: TableState) =>
  useQuery({
    queryKey: ['recurringtips', 'admin', state],
    queryFn: ({ signal }) =>
      api.get<ListResponse<RecurringTip>>('recurringtips', { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });

/** GET recurringtips/{id} (ADMIN). */
export const useAdminRecurringTip = (id: string | undefined) =>
  useQuery({
    queryKey: ['recurringtips', 'admin', 'one', id],
    queryFn: ({ signal }) => api.get<RecurringTip>(`recurringtips/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });
