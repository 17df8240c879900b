import { type Settlement, type SettlementList, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SettlementsTableState } from '@/features/payouts/components/settlements-table';
import { api } from '@/lib/api-client';

const base = (tipjarId: string) => `tipjars/${encodeURIComponent(tipjarId)}/settlements`;

/** GET tipjars/{id}/settlements: the paging conversion (docs/product.md §5) plus the status filter. */
export function listTipjarSettlements(tipjarId: string, state: SettlementsTableState, signal?: AbortSignal) {
  const { status, ...table } = state;
  return api.get<SettlementList>(base(tipjarId), { query: { ...toListQuery(table), status }, signal });
}

export const useTipjarSettlements = (tipjarId: string, state: SettlementsTableState) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'settlements', state],
    queryFn: ({ signal }) => listTipjarSettlements(tipjarId, state, signal),
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/settlements/{settlementId}: with its specification rows. */
export const useTipjarSettlement = (tipjarId: string | undefined, settlementId: string | undefined) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'settlements', 'one', settlementId],
    queryFn: ({ signal }) =>
      api.get<Settlement>(`${base(tipjarId ?? '')}/${encodeURIComponent(settlementId ?? '')}`, { signal }),
    enabled: Boolean(tipjarId && settlementId),
  });
