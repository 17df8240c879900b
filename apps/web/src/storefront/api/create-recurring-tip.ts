import type { CreateRecurringTipBody, CreateRecurringTipResponse, RegisterBody, TokenResponse } from '@podpot/domain';
import { api } from '@/lib/api-client';

export type CreateRecurringTipData = CreateRecurringTipBody['data'];

/**
 * POST tipjars/{id}/recurringtips (signed in): the answer's redirectUrl is the first payment's checkout.
 * Like one-off tips, one Idempotency-Key per attempt: a resubmit after a lost answer gets the same one.
 */
export function createRecurringTip(tipjarId: string, data: CreateRecurringTipData, idempotencyKey: string) {
  return api.post<CreateRecurringTipResponse>(
    `tipjars/${encodeURIComponent(tipjarId)}/recurringtips`,
    { data },
    // The form shows the failure itself (field messages or an alert).
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** POST users/register for the inline account panel: answers a token, so the tipper is logged in at once. */
export function registerTipper(data: RegisterBody['data']): Promise<TokenResponse> {
  return api.post<TokenResponse>('users/register', { data }, { silent: true });
}
