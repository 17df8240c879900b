import type { CreateTipBody, CreateTipResponse } from '@podpot/domain';
import { useMutation } from '@tanstack/react-query';
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

export function useCreateTip(tipjarId: string) {
  return useMutation({
    mutationFn: ({ data, idempotencyKey }: { data: CreateTipData; idempotencyKey: string }) =>
      createTip(tipjarId, data, idempotencyKey),
  });
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
