import type { CreateTipBody, CreateTipResponse } from '@podpot/domain';
import { api } from '@/lib/api-client';

export type CreateTipData = CreateTipBody['data'];

/**
 * POST tipjars/{id}/tips. `idempotencyKey` is made once per attempt: if the same attempt reaches
 * the API twice (double submit, a retry after a lost answer) it still makes one tip.
 */
export function createTip(tipjarId: string, data: CreateTipData, idempotencyKey: string) {
  return api.post<CreateTipResponse>(
    `tipjars/${encodeURIComponent(tipjarId)}/tips`,
    { data },
    // The form shows the failure itself (field messages or an alert).
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
