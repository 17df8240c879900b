import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tipjars, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/* ---------- endpoints ---------- */

export async function listEndpoints(db: DbOrTx, tipjarId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tipjarId, tipjarId))
    .orderBy(asc(webhookEndpoints.created), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: DbOrTx, tipjarId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.tipjarId, tipjarId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: DbOrTx, tipjarId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tipjarId, tipjarId)));
  return row;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<EndpointRow, 'url' | 'events' | 'description' | 'enabled' | 'secret'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A tip jar's enabled endpoints that chose `type`, each with the tip jar's slug (for the payload). */
export async function endpointsFor(
  db: DbOrTx,
  tipjarId: string,
  type: string,
): Promise<{ id: string; slug: string }[]> {
  return db
    .select({ id: webhookEndpoints.id, slug: tipjars.slug })
    .from(webhookEndpoints)
    .innerJoin(tipjars, eq(tipjars.id, webhookEndpoints.tipjarId))
    .where(
      and(
        eq(webhookEndpoints.tipjarId, tipjarId),
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
      ),
    );
}

/**
 * Every tip jar with an enabled endpoint that chose `type`, with the moment its first such endpoint
 * was made (a job announcing what happened without a request: `payout.paid`). Archived tip jars are
 * left out: their admins can no longer reach their endpoints.
 */
export async function tipjarsListeningTo(db: DbOrTx, type: string): Promise<{ tipjarId: string; since: Date }[]> {
  const since = sql<Date>`min(${webhookEndpoints.created})`.mapWith(webhookEndpoints.created);
  return db
    .select({ tipjarId: webhookEndpoints.tipjarId, since })
    .from(webhookEndpoints)
    .innerJoin(tipjars, eq(tipjars.id, webhookEndpoints.tipjarId))
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${type} = any(${webhookEndpoints.events})`,
        isNull(tipjars.archivedAt),
      ),
    )
    .groupBy(webhookEndpoints.tipjarId)
    .orderBy(asc(webhookEndpoints.tipjarId));
}

/* ---------- deliveries ---------- */

export async function insertDeliveries(db: DbOrTx, rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.dedupeKey] })
    .returning({ id: webhookDeliveries.id });
  return inserted.length;
}

export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function listDeliveries(db: DbOrTx, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.created), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: DbOrTx, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/** "Send again": due now, tried for another day, whatever its status was (a delivery being posted is left alone). */
export async function requeueDelivery(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + interval '1 day'`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        or(isNull(webhookDeliveries.claimedUntil), lte(webhookDeliveries.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/* ---------- the worker's side ---------- */

/** The clock of a worker round: the database's, unless a test or the CLI names one. */
export function clockOf(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function plus(at: SQL, ms: number): SQL {
  return sql`${at} + make_interval(secs => ${ms / 1000})`;
}

export type ClaimedDelivery = DeliveryRow & { url: string; secret: string; enabled: boolean };

/**
 * Claims up to `limit` due deliveries for one worker, as the mail outbox does: pending, due, not held
 * by a live claim; locked rows skipped, the claim counted as an attempt. With each its endpoint's
 * address, secret and switch, read in the same statement.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  options: { now?: Date; leaseMs: number; limit: number },
): Promise<ClaimedDelivery[]> {
  const at = clockOf(options.now);
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, at),
        or(isNull(webhookDeliveries.claimedUntil), lte(webhookDeliveries.claimedUntil, at)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.created))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: plus(at, options.leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookEndpoints)
    .where(
      inArray(
        webhookEndpoints.id,
        claimed.map((c) => c.endpointId),
      ),
    );
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  const time = (d: Date) => d.getTime();
  return claimed
    .flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret, enabled: endpoint.enabled }] : [];
    })
    .sort((a, b) => time(a.nextAttemptAt) - time(b.nextAttemptAt) || time(a.created) - time(b.created));
}

export async function markDelivered(db: DbOrTx, id: string, statusCode: number, now?: Date) {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'delivered',
      deliveredAt: clockOf(now),
      claimedUntil: null,
      lastStatusCode: statusCode,
      lastError: null,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** A try failed: tried again after `retryInMs` unless that passes its give-up time; then `failed`. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  outcome: { statusCode: number | null; error: string; retryInMs: number | null },
  now?: Date,
) {
  const at = clockOf(now);
  const next = outcome.retryInMs === null ? null : plus(at, outcome.retryInMs);
  await db
    .update(webhookDeliveries)
    .set({
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error.slice(0, 200),
      claimedUntil: null,
      ...(next === null
        ? { status: 'failed' as const }
        : {
            status: sql`case when ${next} > ${webhookDeliveries.giveUpAt} then 'failed' else 'pending' end`,
            nextAttemptAt: next,
          }),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Holds the tip jar's row until the transaction ends: two creates at once count the endpoints one after the other. */
export async function lockTipjar(tx: DbOrTx, tipjarId: string): Promise<void> {
  await tx.select({ id: tipjars.id }).from(tipjars).where(eq(tipjars.id, tipjarId)).for('update');
}
