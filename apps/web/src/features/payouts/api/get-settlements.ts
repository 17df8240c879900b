import { type Settlement, type SettlementList, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SettlementsTableState } from '@/features/payouts/components/settlements-table';
import { api } from '@/lib/api-client';

/** GET tipjars/settlements (ADMIN): every registered tip jar's settlements, with the tip jar's name. */
export const useAdminSettlements = (state: SettlementsTableState) =>
  useQuery({
    queryKey: ['settlements', 'admin', state],
    queryFn: ({ signal }) => {
      const { status, ...table } = state;
      return api.get<SettlementList>('tipjars/settlements', {
        query: { ...toListQuery(table), status },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/settlements/{settlementId} (admins may read any tip jar's): the specification rows. */
export const useAdminSettlement = (settlement: Settlement | null) =>
  useQuery({
    queryKey: ['tipjars', settlement?.tipjarId, 'settlements', 'one', settlement?.id],
    queryFn: ({ signal }) =>
      api.get<Settlement>(
        `tipjars/${encodeURIComponent(settlement?.tipjarId ?? '')}/settlements/${encodeURIComponent(settlement?.id ?? '')}`,
        { signal },
      ),
    enabled: Boolean(settlement),
  });
