import type { ListResponse, RecurringTip } from '@podpot/domain';
import { api } from '@/lib/api-client';

/**
 * GET user/me/recurringtips?tipjarId=&open=true (signed in): the tipper's own monthly tip to this tip
 * jar that is still active or paused, if any — the API matches it by the account, never by an e-mail.
 */
export async function getOpenMonthlyTip(tipjarId: string): Promise<RecurringTip | null> {
  const list = await api.get<ListResponse<RecurringTip>>('user/me/recurringtips', {
    query: { tipjarId, open: 'true', limit: 1 },
    silent: true,
  });
  return list?.data?.[0] ?? null;
}
