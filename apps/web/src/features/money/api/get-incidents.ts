import { type ListResponse, type PaymentIncident, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableState } from '@/components/data-table';
import { api } from '@/lib/api-client';

/** GET payments/incidents (ADMIN): money incidents, newest first. */
export const useIncidents = (state: TableState) =>
  useQuery({
    queryKey: ['payments', 'incidents', state],
    queryFn: ({ signal }) =>
      api.get<ListResponse<PaymentIncident>>('payments/incidents', { query: toListQuery(state), signal }),
    placeholderData: keepPreviousData,
  });
