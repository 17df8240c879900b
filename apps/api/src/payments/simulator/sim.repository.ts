import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { simIdempotencyKeys, simNotifications, simObjects } from '../../db/schema/index.js';

/** The simulator's SQL: provider objects as JSON, idempotency keys and notification deliveries. */
export type SimObject = Record<string, unknown> & { uid: string };

export async function findObject(db: DbOrTx, uid: string, objectType?: string): Promise<SimObject | undefined> {
  const [row] = await db
    .select()
    .from(simObjects)
    .where(objectType ? and(eq(simObjects.uid, uid), eq(simObjects.objectType, objectType)) : eq(simObjects.uid, uid));
  return row?.data as SimObject | undefined;
}

export async function listObjects(
  db: DbOrTx,
  objectType: string,
  options: { parentUid?: string; offset?: number; limit?: number; status?: string } = {},
) {
  const where = and(
    eq(simObjects.objectType, objectType),
    options.parentUid ? eq(simObjects.parentUid, options.parentUid) : undefined,
    options.status ? sql`${simObjects.data}->>'status' = ${options.status}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(simObjects)
      .where(where)
      .orderBy(desc(simObjects.created), asc(simObjects.uid))
      .offset(options.offset ?? 0)
      .limit(options.limit ?? 100),
    db.select({ n: sql<number>`count(*)::int` }).from(simObjects).where(where),
  ]);
  return { rows: rows.map((r) => r.data as SimObject), total: total?.n ?? 0 };
}

export async function insertObject(db: DbOrTx, objectType: string, data: SimObject, parentUid?: string | null) {
  await db.insert(simObjects).values({ uid: data.uid, objectType, parentUid: parentUid ?? null, data });
}

export async function saveObject(db: DbOrTx, data: SimObject) {
  await db.update(simObjects).set({ data }).where(eq(simObjects.uid, data.uid));
}

export async function findIdempotentUid(db: DbOrTx, scope: string, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ uid: simIdempotencyKeys.objectUid })
    .from(simIdempotencyKeys)
    .where(and(eq(simIdempotencyKeys.scope, scope), eq(simIdempotencyKeys.key, key)));
  return row?.uid;
}

/** False when another request stored the key first (the caller then answers that request's object). */
export async function insertIdempotencyKey(db: DbOrTx, scope: string, key: string, objectUid: string) {
  const rows = await db
    .insert(simIdempotencyKeys)
    .values({ scope, key, objectUid })
    .onConflictDoNothing()
    .returning({ key: simIdempotencyKeys.key });
  return rows.length > 0;
}

export async function insertNotification(db: DbOrTx, uid: string, url: string, payload: Record<string, unknown>) {
  await db.insert(simNotifications).values({ uid, url, payload });
}

export async function markNotificationAttempt(db: DbOrTx, uid: string, delivered: boolean) {
  await db
    .update(simNotifications)
    .set({
      attempts: sql`${simNotifications.attempts} + 1`,
      ...(delivered ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(simNotifications.uid, uid));
}

export async function listUndeliveredNotifications(db: DbOrTx, maxAttempts: number) {
  return db
    .select()
    .from(simNotifications)
    .where(and(isNull(simNotifications.deliveredAt), sql`${simNotifications.attempts} < ${maxAttempts}`))
    .orderBy(asc(simNotifications.created))
    .limit(100);
}
