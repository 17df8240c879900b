import { and, asc, count, eq, inArray, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recurringTips, tipjars, users } from '../../db/schema/index.js';
import { toView, viewColumns } from './recurring-tips.repository.js';

/**
 * Ending monthly tips when their tip jar or tipper is archived (docs/money-rules.md §9): which still run,
 * and which cancelled ones still hold a valid mandate to revoke. Used by recurring-tips.cancel.ts.
 */

/** Whose running monthly tips: a tip jar's, a tipper's, or any whose tip jar or tipper is archived. */
export type RunningFilter = { tipjarId: string } | { userId: string } | { ofArchived: true };

function runningWhere(filter: RunningFilter): SQL {
  const party =
    'tipjarId' in filter
      ? eq(recurringTips.tipjarId, filter.tipjarId)
      : 'userId' in filter
        ? eq(recurringTips.userId, filter.userId)
        : or(isNotNull(tipjars.archivedAt), isNotNull(users.archivedAt));
  return and(ne(recurringTips.status, 'cancelled'), party)!;
}

/** Monthly tips still running (active or paused) of `filter`. */
export async function countRunningRecurringTips(db: DbOrTx, filter: RunningFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recurringTips)
    .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
    .innerJoin(users, eq(users.id, recurringTips.userId))
    .where(runningWhere(filter));
  return row?.n ?? 0;
}

/**
 * Reads and locks the monthly tips still running of `filter` (only their rows: the tip jar and user
 * are read along), with whether their tip jar is archived.
 */
export async function lockRunningRecurringTips(db: DbOrTx, filter: RunningFilter) {
  const rows = await db
    .select({ ...viewColumns, tipjarArchivedAt: tipjars.archivedAt })
    .from(recurringTips)
    .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
    .innerJoin(users, eq(users.id, recurringTips.userId))
    .where(runningWhere(filter))
    .orderBy(asc(recurringTips.created))
    .for('update', { of: recurringTips });
  return rows.map((r) => ({ ...toView(r), tipjarArchived: r.tipjarArchivedAt !== null }));
}

/** Whose cancelled monthly tips: these, a tip jar's, a tipper's, or all. */
export type CancelledFilter = { ids: string[] } | { tipjarId: string } | { userId: string } | undefined;

/** Cancelled monthly tips whose mandate is still valid at our side: it still has to be revoked. */
export async function listCancelledWithValidMandate(db: DbOrTx, limit: number, filter?: CancelledFilter) {
  const which = !filter
    ? undefined
    : 'ids' in filter
      ? inArray(recurringTips.id, filter.ids)
      : 'tipjarId' in filter
        ? eq(recurringTips.tipjarId, filter.tipjarId)
        : eq(recurringTips.userId, filter.userId);
  return db
    .select({ id: recurringTips.id, mandateUid: recurringTips.mandateUid })
    .from(recurringTips)
    .where(
      and(
        eq(recurringTips.status, 'cancelled'),
        eq(recurringTips.mandateStatus, 'valid'),
        isNotNull(recurringTips.mandateUid),
        which,
      ),
    )
    .orderBy(asc(recurringTips.cancelledAt))
    .limit(limit);
}

/** Records that the provider revoked this mandate (if it is still the monthly tip's mandate). */
export async function markMandateRevoked(db: DbOrTx, id: string, mandateUid: string) {
  await db
    .update(recurringTips)
    .set({ mandateStatus: 'revoked' })
    .where(
      and(eq(recurringTips.id, id), eq(recurringTips.mandateUid, mandateUid), eq(recurringTips.mandateStatus, 'valid')),
    );
}
