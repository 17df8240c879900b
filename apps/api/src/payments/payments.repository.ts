import {
  and,
  asc,
  type ColumnsSelection,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type Placeholder,
  SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { DbOrTx } from '../db/client.js';
import { oppNotifications, oppTransactions, recurringTipCharges } from '../db/schema/index.js';

/** The only code touching opp_transactions and opp_notifications. */
export type OppTransactionRow = typeof oppTransactions.$inferSelect;

export async function insertTransactionRow(db: DbOrTx, values: typeof oppTransactions.$inferInsert) {
  const [row] = await db.insert(oppTransactions).values(values).returning();
  return row!;
}

/** How long one process may take to send a create before another may try (a dead process's hold runs out). */
export const CREATE_LEASE_MS = 30_000;

/** The end of a create lease of `leaseMs` taken now: what every lease this file writes sets. */
function leaseUntilAfter(leaseMs: number): SQL {
  return sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`;
}

/**
 * An owner's INSERT … RETURNING its row's id, not yet run (the owner's repository builds it, e.g.
 * tips.repository insertTipStatement): the part of ownerWithLeasedTransactionInsert that is the
 * owner's. It may write nothing (an idempotency conflict).
 */
export type OwnerInsert = TypedQueryBuilder<ColumnsSelection, { id: string }[]>;

/**
 * The owner's row and its first transaction row in ONE statement (decision 024), the one owner of
 * that statement: `ownerInsert` runs as a CTE, and the transaction row is inserted only if that
 * wrote a row — with its create lease (CREATE_LEASE_MS) already taken (as leaseForCreate's 'first'),
 * so the caller sends it without another round trip. One statement is one implicit transaction: both
 * rows or neither. Answers the statement, not yet run (its answer is the row written, none when the
 * owner's insert wrote nothing), so a caller can prepare it once with placeholders for its values
 * (decision 047).
 */
export function ownerWithLeasedTransactionInsert(
  db: DbOrTx,
  ownerInsert: OwnerInsert,
  values: { [K in keyof LeasedTransactionValues]: LeasedTransactionValues[K] | Placeholder },
) {
  const owner = db.$with('new_owner').as(ownerInsert);
  const given: Record<string, unknown> = values;
  const computed: Record<string, SQL> = {
    leaseUntil: leaseUntilAfter(CREATE_LEASE_MS),
    created: sql`now()`,
    updated: sql`now()`,
  };
  // Every column in the table's order (what INSERT … SELECT fills), from the values given or computed.
  const columns = Object.entries(getTableColumns(oppTransactions)).map(([key, column]) => {
    if (computed[key]) return computed[key]!;
    const value = given[key];
    if (value === undefined && column.default instanceof SQL) return column.default;
    if (value === undefined && column.hasDefault) return sql`${sql.param(column.default, column)}`;
    return sql`${sql.param(value ?? null, column)}`;
  });
  return db
    .with(owner)
    .insert(oppTransactions)
    .select(sql`select ${sql.join(columns, sql`, `)} from ${owner}`)
    .returning();
}

type LeasedTransactionValues = Omit<typeof oppTransactions.$inferInsert, 'leaseUntil' | 'created' | 'updated'> & {
  id: string;
};

/**
 * Inserts several rows in one statement; a row whose attempt (or key) is recorded already is left
 * out, so the answer holds only the rows written here.
 */
export async function insertTransactionRows(db: DbOrTx, values: (typeof oppTransactions.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(oppTransactions).values(values).onConflictDoNothing().returning();
}

export async function findTransactionRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(oppTransactions).where(eq(oppTransactions.id, id));
  return row;
}

export async function findTransactionRowByUid(db: DbOrTx, oppUid: string) {
  const [row] = await db.select().from(oppTransactions).where(eq(oppTransactions.oppUid, oppUid));
  return row;
}

/** Reads a row and locks it until the surrounding transaction ends (concurrent notifications queue up). */
export async function lockTransactionRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(oppTransactions).where(eq(oppTransactions.id, id)).for('update');
  return row;
}

/** The latest attempt of an owner (e.g. an add-on's current payment). */
export async function findLatestForOwner(db: DbOrTx, kind: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(oppTransactions)
    .where(and(eq(oppTransactions.kind, kind), eq(oppTransactions.ownerId, ownerId)))
    .orderBy(desc(oppTransactions.attempt))
    .limit(1);
  return row;
}

/**
 * Latest attempt per owner, for lists and the charge run's batches: each owner's row found on its
 * own, by (kind, owner, attempt), in a scalar subquery, and the rows read by primary key from the
 * array of their ids (neither can become a join). As one `kind = … and owner_id in (…)` the planner,
 * with statistics from before a charge run wrote most of the kind's rows, read every row of the kind
 * for each batch (decision 028).
 */
export async function findLatestForOwners(db: DbOrTx, kind: string, ownerIds: string[]) {
  const byOwner = new Map<string, OppTransactionRow>();
  if (ownerIds.length === 0) return byOwner;
  const owners = sql.join(
    ownerIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await db
    .select()
    .from(oppTransactions)
    .where(
      sql`${oppTransactions.id} = any(array(select (select o.id from ${oppTransactions} o
        where o.kind = ${kind} and o.owner_id = w.id order by o.attempt desc limit 1) from (values ${owners}) as w(id)))`,
    );
  for (const row of rows) byOwner.set(row.ownerId, row);
  return byOwner;
}

/** The row of one attempt of an owner (e.g. a month's second try). */
export async function findAttemptRow(db: DbOrTx, kind: string, ownerId: string, attempt: number) {
  const [row] = await db
    .select()
    .from(oppTransactions)
    .where(
      and(eq(oppTransactions.kind, kind), eq(oppTransactions.ownerId, ownerId), eq(oppTransactions.attempt, attempt)),
    );
  return row;
}

/**
 * True when some row of `kind` made since `since` still waits to learn its provider uid (a mandate's
 * first payment whose answer did not name it): only then is a poke about an unknown transaction worth
 * a provider read.
 */
export async function hasRowWithoutUid(db: DbOrTx, kind: string, since: Date) {
  const [row] = await db
    .select({ id: oppTransactions.id })
    .from(oppTransactions)
    .where(and(eq(oppTransactions.kind, kind), isNull(oppTransactions.oppUid), gt(oppTransactions.created, since)))
    .limit(1);
  return row !== undefined;
}

/** Records the provider's answer to our create call (only the first answer sticks). */
export async function recordProviderAnswer(
  db: DbOrTx,
  id: string,
  values: { oppUid: string; status: string | null; redirectUrl: string | null },
) {
  const [row] = await db
    .update(oppTransactions)
    .set({ ...values, leaseUntil: null })
    .where(and(eq(oppTransactions.id, id), isNull(oppTransactions.oppUid)))
    .returning();
  return row;
}

/**
 * The first answer to a row nobody has answered yet (no uid, no status: a create just sent), recorded
 * by one conditional UPDATE that decides on the row it locks — instead of locking it, reading it and
 * updating it (decision 027). Undefined when the row has had an answer (or a status) meanwhile: then
 * the caller decides on the locked row as for any other answer.
 */
export async function recordFirstAnswer(
  db: DbOrTx,
  id: string,
  values: { oppUid: string; status: string; redirectUrl: string | null },
) {
  const [row] = await firstAnswerUpdate(db, { id, ...values });
  return row;
}

type FirstAnswer = { id: string; oppUid: string; status: string; redirectUrl: string | null };

/** recordFirstAnswer's UPDATE, not yet run; its values may be placeholders of a prepared statement. */
function firstAnswerUpdate(db: DbOrTx, values: { [K in keyof FirstAnswer]: FirstAnswer[K] | Placeholder }) {
  return db
    .update(oppTransactions)
    .set({
      oppUid: sql`${values.oppUid}`,
      status: sql`${values.status}`,
      redirectUrl: sql`coalesce(${oppTransactions.redirectUrl}, ${values.redirectUrl})`,
      leaseUntil: null,
      // Said here, not left to the column's $onUpdate: a prepared statement would keep its first time.
      updated: sql`now()`,
    })
    .where(and(eq(oppTransactions.id, values.id), isNull(oppTransactions.oppUid), isNull(oppTransactions.status)))
    .returning();
}

/**
 * recordFirstAnswer and the owner's reaction to it in ONE statement (decision 047), for an owner whose
 * whole reaction is one UPDATE of its own row (e.g. a tip moving to pending): `ownerMove(answered)`
 * builds that UPDATE reading the recorded row from the CTE `answered`, so it writes only if the answer
 * was recorded; a data-modifying CTE always runs to completion, and one statement is one transaction.
 * The statement's answer is the recorded row, none when the row had an answer already (then the
 * caller applies the answer the usual way, as recordFirstAnswer's caller does). Values are
 * placeholders (`rowId`, `oppUid`, `status`, `redirectUrl`): prepare it once.
 */
export function firstAnswerWithOwnerMove(
  db: DbOrTx,
  ownerMove: (answered: FirstAnswered) => TypedQueryBuilder<undefined>,
) {
  const answered = answeredOf(db);
  const moved = db.$with('owner_moved').as(ownerMove(answered));
  return db.with(answered, moved).select().from(answered);
}

const answeredOf = (db: DbOrTx) =>
  db.$with('answered').as(
    firstAnswerUpdate(db, {
      id: sql.placeholder('rowId'),
      oppUid: sql.placeholder('oppUid'),
      status: sql.placeholder('status'),
      redirectUrl: sql.placeholder('redirectUrl'),
    }),
  );

/** The CTE of a recorded first answer, as an owner's move reads it (its `ownerId`). */
export type FirstAnswered = ReturnType<typeof answeredOf>;

export async function updateTransactionStatus(db: DbOrTx, id: string, status: string) {
  const [row] = await db.update(oppTransactions).set({ status }).where(eq(oppTransactions.id, id)).returning();
  return row!;
}

/** True the first time a notification uid is seen. */
export async function insertNotification(db: DbOrTx, values: typeof oppNotifications.$inferInsert) {
  const rows = await db.insert(oppNotifications).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function isNotificationProcessed(db: DbOrTx, uid: string) {
  const [row] = await db
    .select({ uid: oppNotifications.uid })
    .from(oppNotifications)
    .where(eq(oppNotifications.uid, uid));
  return row !== undefined;
}

/**
 * Claims rows the reconcile job should look at: still open at the provider (or never answered),
 * untouched for `olderThan` and not checked since then — the least recently *checked* first, so
 * every open row gets its turn however many there are (ordering by `updated` starved all but the
 * first few hundred). The claim is one statement (bumping checkedAt), so two instances never take
 * the same row and no transaction stays open while the provider is asked. A row whose create is
 * being sent right now (leaseUntil) is left to that process.
 */
export async function claimStaleTransactions(db: DbOrTx, olderThan: Date, limit: number) {
  const stale = and(
    or(isNull(oppTransactions.status), inArray(oppTransactions.status, ['created', 'pending', 'planned'])),
    lt(oppTransactions.updated, olderThan),
    or(isNull(oppTransactions.checkedAt), lt(oppTransactions.checkedAt, olderThan)),
    or(isNull(oppTransactions.leaseUntil), lt(oppTransactions.leaseUntil, sql`now()`)),
  );
  const candidates = db
    .select({ id: oppTransactions.id })
    .from(oppTransactions)
    .where(stale)
    .orderBy(sql`${oppTransactions.checkedAt} asc nulls first`, asc(oppTransactions.updated))
    .limit(limit)
    .for('update', { skipLocked: true });
  return markChecked(db, candidates);
}

/**
 * Claims completed debits against a mandate (rows of `kind` whose request is not the mandate-making
 * first payment) made since `since` and not checked since `checkedBefore`, least recently checked
 * first: a SEPA payer may reverse a debit for eight weeks, and the notification of a late reversal
 * can be lost like any other. A `refunded` debit counts too: it may be refunded only in part
 * (decision 070), and the bank can still take the whole payment back. One statement bumps
 * checkedAt, so two instances never take the same row.
 */
export async function claimReversibleDebits(
  db: DbOrTx,
  options: { kind: string; since: Date; checkedBefore: Date; limit: number },
) {
  const candidates = db
    .select({ id: oppTransactions.id })
    .from(oppTransactions)
    .where(
      and(
        eq(oppTransactions.kind, options.kind),
        inArray(oppTransactions.status, ['completed', 'refunded']),
        isNotNull(oppTransactions.oppUid),
        sql`${oppTransactions.request} ->> 'mandate_method' is null`,
        gt(oppTransactions.created, options.since),
        or(isNull(oppTransactions.checkedAt), lt(oppTransactions.checkedAt, options.checkedBefore)),
      ),
    )
    .orderBy(sql`${oppTransactions.checkedAt} asc nulls first`, asc(oppTransactions.created))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return markChecked(db, candidates);
}

/** Claims the rows `candidates` selects (FOR UPDATE SKIP LOCKED) by stamping checkedAt, in one statement. */
function markChecked(db: DbOrTx, candidates: SQLWrapper) {
  return db
    .update(oppTransactions)
    .set({ checkedAt: sql`now()`, updated: sql`${oppTransactions.updated}` })
    .where(inArray(oppTransactions.id, candidates))
    .returning();
}

/**
 * Leases a row whose create has not reached the provider yet, for this process only (docs/money-rules.md §2):
 * `first` when no create was ever sent for it, `again` when one was (its lease ran out or was given
 * back: the provider may have made the object, docs/money-rules.md §8), undefined when another process holds
 * it or the provider already answered. Each statement re-checks the row it takes, so the answer is
 * exact under concurrency; the usual case (a new row) is one statement.
 */
export async function leaseForCreate(db: DbOrTx, id: string, leaseMs: number): Promise<'first' | 'again' | undefined> {
  const lease = async (wasLeased: SQL) => {
    const rows = await db
      .update(oppTransactions)
      .set({ leaseUntil: leaseUntilAfter(leaseMs), updated: sql`${oppTransactions.updated}` })
      .where(and(eq(oppTransactions.id, id), isNull(oppTransactions.oppUid), wasLeased))
      .returning({ id: oppTransactions.id });
    return rows.length > 0;
  };
  if (await lease(isNull(oppTransactions.leaseUntil))) return 'first';
  if (await lease(lt(oppTransactions.leaseUntil, sql`now()`))) return 'again';
  return undefined;
}

/**
 * Gives the create lease back (the provider call failed or got no answer). The lease is left run out
 * rather than cleared: it marks the row as sent before, so the next sender looks the object up first.
 */
export async function releaseCreateLease(db: DbOrTx, id: string) {
  await db
    .update(oppTransactions)
    .set({ leaseUntil: sql`now() - interval '1 second'`, updated: sql`${oppTransactions.updated}` })
    .where(and(eq(oppTransactions.id, id), isNull(oppTransactions.oppUid)));
}

/**
 * The provider transaction that paid a tip: a one-off tip's completed transaction (kind `tip`), or the
 * one that collected its month (the charge row's paidTransactionId). Undefined when none did.
 */
export async function findPayingTransaction(db: DbOrTx, tip: { id: string; recurringTipId: string | null }) {
  if (tip.recurringTipId) {
    const [row] = await db
      .select({ transaction: oppTransactions, chargeId: recurringTipCharges.id })
      .from(recurringTipCharges)
      .innerJoin(oppTransactions, eq(oppTransactions.id, recurringTipCharges.paidTransactionId))
      .where(eq(recurringTipCharges.tipId, tip.id));
    return row;
  }
  const [transaction] = await db
    .select()
    .from(oppTransactions)
    .where(
      and(
        eq(oppTransactions.kind, 'tip'),
        eq(oppTransactions.ownerId, tip.id),
        inArray(oppTransactions.status, ['completed', 'refunded', 'chargeback']),
      ),
    )
    .orderBy(desc(oppTransactions.attempt))
    .limit(1);
  return transaction ? { transaction, chargeId: null } : undefined;
}
