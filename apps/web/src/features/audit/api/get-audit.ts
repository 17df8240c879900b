import { type AuditEntry, type ListResponse, toListQuery } from '@podpot/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditTableState } from '@/features/audit/rules';
import { api } from '@/lib/api-client';

/** The audit list query: the paging conversion (docs/product.md §5) plus the filters that are set. */
function auditQuery(state: AuditTableState) {
  const { action, entityType, tipjarId, actor, from, to, ...table } = state;
  return { ...toListQuery(table), action, entityType, tipjarId, actorId: actor?.id, from, to };
}

/** GET audit (ADMIN): every entry, filtered. */
export const useAudit = (state: AuditTableState) =>
  useQuery({
    queryKey: ['audit', 'admin', state],
    queryFn: ({ signal }) => api.get<ListResponse<AuditEntry>>('audit', { query: auditQuery(state), signal }),
    placeholderData: keepPreviousData,
  });

/** GET tipjars/{id}/audit: the tip jar's own entries (its admins). */
export const useTipjarAudit = (tipjarId: string, state: AuditTableState) =>
  useQuery({
    queryKey: ['tipjars', tipjarId, 'audit', state],
    queryFn: ({ signal }) =>
      api.get<ListResponse<AuditEntry>>(`tipjars/${encodeURIComponent(tipjarId)}/audit`, {
        query: auditQuery({ ...state, tipjarId: undefined }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
