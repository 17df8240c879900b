import { REVERSED_TIP_STATUSES, type TipStatus } from '@podpot/domain';
import { and, asc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import { episodes, tipjars, tips } from '../../db/schema/index.js';
import { likePattern } from '../../lib/list-query.js';
import { type CopySink, copyBinary } from '../../lib/pg-copy.js';

/** The tips table's reads and writes; its list is in tips.list.ts, a tip's creation in tips.create.repository.ts. */
export type TipRow = typeof tips.$inferSelect;
export const TIP_SORTABLE = ['amount', 'created', 'updated', 'status'] as const;
export type TipSortBy = (typeof TIP_SORTABLE)[number];

export interface TipFilter {
  tipjarId?: string;
  status?: TipStatus;
  /** created >= from */
  from?: Date;
  /** created < to */
  to?: Date;
  /** Display name or message contains. */
  search?: string;
  /** Tips for this episode (decision 034). */
  episodeId?: string;
}

/** The filter's WHERE (the list's, the export's). */
export function whereOf(filter: TipFilter): SQL | undefined {
  return and(
    filter.tipjarId ? eq(tips.tipjarId, filter.tipjarId) : undefined,
    filter.status ? eq(tips.status, filter.status) : undefined,
    filter.episodeId ? eq(tips.episodeId, filter.episodeId) : undefined,
    filter.from ? gte(tips.created, filter.from) : undefined,
    filter.to ? lt(tips.created, filter.to) : undefined,
    filter.search
      ? or(ilike(tips.displayName, likePattern(filter.search)), ilike(tips.message, likePattern(filter.search)))
      : undefined,
  );
}

/**
 * Inserts a tip; with an idempotency key that this tip jar already used nothing is inserted and
 * undefined comes back (the unique index decides, also between two concurrent requests).
 */
export async function insertTip(db: DbOrTx, values: typeof tips.$inferInsert): Promise<TipRow | undefined> {
  const [row] = await db
    .insert(tips)
    .values(values)
    .onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] })
    .returning();
  return row;
}

/**
 * insertTip as a statement not yet run, answering the id it wrote (nothing on an idempotency
 * conflict): for writing the tip and its provider transaction in one statement (decision 024), as
 * the OwnerInsert of payments.repository ownerWithLeasedTransactionInsert.
 */
export function insertTipStatement(db: DbOrTx, values: PgInsertValue<typeof tips>) {
  return db
    .insert(tips)
    .values(values)
    .onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] })
    .returning({ id: tips.id });
}

/** Inserts several tips in one statement (the charge run's month tips; no idempotency keys). */
export async function insertTips(db: DbOrTx, values: (typeof tips.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(tips).values(values);
}

export async function findTip(db: DbOrTx, id: string, tipjarId?: string) {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.id, id), tipjarId ? eq(tips.tipjarId, tipjarId) : undefined));
  return row;
}

export async function findTipByIdempotencyKey(db: DbOrTx, tipjarId: string, key: string) {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.tipjarId, tipjarId), eq(tips.idempotencyKey, key)));
  return row;
}

/**
 * Moves a tip to `to` if it is in one of `from` (the forward-only rule, decided by the row's
 * current status in the same statement). Returns the updated row, or undefined for a no-op.
 */
export async function moveTipStatus(db: DbOrTx, id: string, to: TipStatus, from: TipStatus[]) {
  if (from.length === 0) return undefined;
  const [row] = await db
    .update(tips)
    .set({ status: to, ...paidAtOf(to) })
    .where(and(eq(tips.id, id), inArray(tips.status, from)))
    .returning();
  return row;
}

/** moveTipStatus for several tips in one statement (the charge run's months). */
export async function moveTipsStatus(db: DbOrTx, ids: string[], to: TipStatus, from: TipStatus[]) {
  if (ids.length === 0 || from.length === 0) return;
  await db
    .update(tips)
    .set({ status: to, ...paidAtOf(to) })
    .where(and(inArray(tips.id, ids), inArray(tips.status, from)));
}

/** A reversed tip was paid: it keeps (or, if its completion was never seen, gets) the day it was paid. */
export function paidAtOf(to: TipStatus) {
  return to === 'completed'
    ? { completedAt: sql`now()` }
    : REVERSED_TIP_STATUSES.includes(to)
      ? { completedAt: sql`coalesce(${tips.completedAt}, now())` }
      : {};
}

/** Locks a tip for the rest of the transaction (refunds: what is left is decided under this lock). */
export async function lockTip(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tips).where(eq(tips.id, id)).for('update');
  return row;
}

/** Adds (or, for a refused refund, takes back) returned cents and the fee given back with them. */
export async function addRefunded(db: DbOrTx, id: string, amount: number, fee: number) {
  const [row] = await db
    .update(tips)
    .set({
      refundedAmount: sql`${tips.refundedAmount} + ${amount}`,
      refundedFee: sql`${tips.refundedFee} + ${fee}`,
    })
    .where(eq(tips.id, id))
    .returning();
  return row;
}

/* ---------- export ---------- */

/** The export's fields: what a row of the export has (csv columns are made of these). */
const EXPORT_FIELDS = {
  id: tips.id,
  created: tips.created,
  createdCursor: sql<string>`${tips.created}::text`,
  updated: tips.updated,
  tipjarId: tips.tipjarId,
  tipjarSlug: tipjars.slug,
  tipjarName: tipjars.name,
  status: tips.status,
  amount: tips.amount,
  fee: tips.fee,
  paymentMethod: tips.paymentMethod,
  privacy: tips.privacy,
  displayName: tips.displayName,
  email: tips.email,
  message: tips.message,
  locale: tips.locale,
  episodeTitle: episodes.title,
  episodeNumber: episodes.number,
  // Read by the keyset batches only (a maker's export, decision 084): the COPY of the platform's export leaves them out.
  refundedAmount: tips.refundedAmount,
  recurringTipId: tips.recurringTipId,
};

/** The matching tips, joined to their tip jar, in (created, id) order: the export's order. */
const exportJoin = eq(tipjars.id, tips.tipjarId);
const episodeJoin = eq(episodes.id, tips.episodeId);
const exportOrder = [asc(tips.created), asc(tips.id)];
const exportQuery = (db: DbOrTx, filter: TipFilter, after?: SQL) =>
  db
    .select(EXPORT_FIELDS)
    .from(tips)
    .innerJoin(tipjars, exportJoin)
    .leftJoin(episodes, episodeJoin)
    .where(and(whereOf(filter), after))
    .orderBy(...exportOrder);

export type ExportRow = Awaited<ReturnType<typeof exportQuery>>[number];

/** What the CSV is written from: an export row without its paging cursor, its times as ISO text. */
export type ExportLine = Omit<
  ExportRow,
  'createdCursor' | 'created' | 'updated' | 'refundedAmount' | 'recurringTipId'
> & {
  created: string;
  updated: string;
};

/**
 * On PostgreSQL, the export's rows straight from one COPY in the binary format (lib/pg-copy.ts: one
 * statement, so one snapshot; pulled, so a slow reader slows the database), each row handed to `sink`
 * in the order EXPORT_FIELDS selects its fields (without the cursor), what it made of a chunk's rows
 * yielded. Undefined on PGlite, which has no COPY TO STDOUT to stream from: there exportBatches.
 */
export function copyExport<T>(db: DbOrTx, filter: TipFilter, sink: CopySink<T>): AsyncGenerator<T> | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  const { createdCursor: _, refundedAmount: _r, recurringTipId: _m, ...fields } = EXPORT_FIELDS;
  const query = db
    .select(fields)
    .from(tips)
    .innerJoin(tipjars, exportJoin)
    .leftJoin(episodes, episodeJoin)
    .where(whereOf(filter))
    .orderBy(...exportOrder);
  return copyBinary(client, query.toSQL(), sink);
}

/**
 * The export's rows in (created, id) order, `batchSize` at a time, by keyset paging on (created, id):
 * every batch an index range scan however deep (OFFSET would re-read), and no transaction held open
 * on PGlite's one connection. A last, empty batch when the one before was full.
 */
export async function* exportBatches(db: DbOrTx, filter: TipFilter, batchSize: number): AsyncGenerator<ExportRow[]> {
  // `created` as PostgreSQL text: microseconds, which a JS Date would lose.
  let cursor: { created: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`(${tips.created}, ${tips.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await exportQuery(db, filter, after).limit(batchSize);
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { created: last.createdCursor, id: last.id };
  }
}
