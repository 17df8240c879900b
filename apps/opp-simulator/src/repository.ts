import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SimDb } from './host.js';
import { simIdempotencyKeys, simNotifications, simObjects } from './schema.js';

/** The simulator's SQL: provider objects as JSON, idempotency keys and notification deliveries. */
export type SimObject = Record<string, unknown> & { uid: string };

/**
 * The statements every create runs (reserve the key, read an object, write the object), built once per
 * database handle: Drizzle's SQL building was a sixth of the simulator's CPU per tip (decision 047).
 * Their names are the simulator's own (`sim_…`): a host may share its connections with it.
 */
function buildStatements(db: SimDb) {
  return {
    findTyped: db
      .select({ data: simObjects.data })
      .from(simObjects)
      .where(and(eq(simObjects.uid, sql.placeholder('uid')), eq(simObjects.objectType, sql.placeholder('objectType'))))
      .prepare('sim_find_object'),
    insertObject: db
      .insert(simObjects)
      .values({
        uid: sql.placeholder('uid'),
        objectType: sql.placeholder('objectType'),
        parentUid: sql.placeholder('parentUid'),
        data: sql.placeholder('data'),
      })
      .prepare('sim_insert_object'),
    reserveKey: db
      .insert(simIdempotencyKeys)
      .values({ scope: sql.placeholder('scope'), key: sql.placeholder('key'), objectUid: sql.placeholder('objectUid') })
      .onConflictDoNothing()
      .returning({ key: simIdempotencyKeys.key })
      .prepare('sim_reserve_key'),
  };
}

const built = new WeakMap<SimDb, ReturnType<typeof buildStatements>>();
function statements(db: SimDb) {
  const known = built.get(db);
  if (known) return known;
  const made = buildStatements(db);
  built.set(db, made);
  return made;
}

export async function findObject(db: SimDb, uid: string, objectType?: string): Promise<SimObject | undefined> {
  if (objectType) {
    const [typed] = await statements(db).findTyped.execute({ uid, objectType });
    return typed?.data as SimObject | undefined;
  }
  const [row] = await db.select().from(simObjects).where(eq(simObjects.uid, uid));
  return row?.data as SimObject | undefined;
}

/** Objects read together in one query (by uid); `asked` tells a uid that is not there from one not asked. */
export interface ObjectsRead {
  asked: ReadonlySet<string>;
  found: ReadonlyMap<string, { objectType: string; data: SimObject }>;
}

export async function findObjects(db: SimDb, uids: string[]): Promise<ObjectsRead> {
  const asked = new Set(uids);
  const rows = await db
    .select({ uid: simObjects.uid, objectType: simObjects.objectType, data: simObjects.data })
    .from(simObjects)
    .where(inArray(simObjects.uid, [...asked]));
  return { asked, found: new Map(rows.map((r) => [r.uid, { objectType: r.objectType, data: r.data as SimObject }])) };
}

export async function listObjects(
  db: SimDb,
  objectType: string,
  options: {
    parentUid?: string;
    offset?: number;
    limit?: number;
    status?: string;
    emailaddress?: string;
    reference?: string;
    /** Only objects created at or after this Unix second (OPP's `filter[created][operand]=gte`). */
    createdFrom?: number;
    /** Oldest first (`order[]=created`); newest first otherwise, as OPP's lists answer. */
    oldestFirst?: boolean;
  } = {},
) {
  const where = and(
    eq(simObjects.objectType, objectType),
    options.parentUid ? eq(simObjects.parentUid, options.parentUid) : undefined,
    options.status ? sql`${simObjects.data}->>'status' = ${options.status}` : undefined,
    // Lower-case on both sides: the provider treats addresses case-insensitively (assumed).
    options.emailaddress ? sql`lower(${simObjects.data}->>'emailaddress') = ${options.emailaddress}` : undefined,
    options.reference ? sql`${simObjects.data}->>'reference' = ${options.reference}` : undefined,
    options.createdFrom !== undefined
      ? sql`(${simObjects.data}->>'created')::bigint >= ${options.createdFrom}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(simObjects)
      .where(where)
      .orderBy(
        ...(options.oldestFirst
          ? [asc(sql`(${simObjects.data}->>'created')::bigint`), asc(simObjects.created), asc(simObjects.uid)]
          : [desc(simObjects.created), asc(simObjects.uid)]),
      )
      .offset(options.offset ?? 0)
      .limit(options.limit ?? 100),
    db.select({ n: sql<number>`count(*)::int` }).from(simObjects).where(where),
  ]);
  return { rows: rows.map((r) => r.data as SimObject), total: total?.n ?? 0 };
}

/** Every object of a type whose parent is one of `parentUids` (e.g. the refunds of a merchant's transactions). */
export async function listObjectsOfParents(db: SimDb, objectType: string, parentUids: string[]) {
  if (parentUids.length === 0) return [];
  const rows = await db
    .select()
    .from(simObjects)
    .where(and(eq(simObjects.objectType, objectType), inArray(simObjects.parentUid, parentUids)))
    .orderBy(asc(simObjects.created), asc(simObjects.uid));
  return rows.map((r) => ({ parentUid: r.parentUid!, data: r.data as SimObject }));
}

export async function insertObject(db: SimDb, objectType: string, data: SimObject, parentUid?: string | null) {
  await statements(db).insertObject.execute({ uid: data.uid, objectType, parentUid: parentUid ?? null, data });
}

export async function saveObject(db: SimDb, data: SimObject) {
  await db.update(simObjects).set({ data }).where(eq(simObjects.uid, data.uid));
}

export interface IdempotencyReservation {
  objectUid: string | null;
  created: Date;
}

export async function findIdempotencyKey(
  db: SimDb,
  scope: string,
  key: string,
): Promise<IdempotencyReservation | undefined> {
  const [row] = await db
    .select({ objectUid: simIdempotencyKeys.objectUid, created: simIdempotencyKeys.created })
    .from(simIdempotencyKeys)
    .where(and(eq(simIdempotencyKeys.scope, scope), eq(simIdempotencyKeys.key, key)));
  return row;
}

/**
 * Takes the key for this request, naming the uid its object will have; false when another request
 * holds or has used it.
 */
export async function reserveIdempotencyKey(db: SimDb, scope: string, key: string, objectUid: string) {
  const rows = await statements(db).reserveKey.execute({ scope, key, objectUid });
  return rows.length > 0;
}

/**
 * Takes over a reservation whose request died before it made its object (reserved before
 * `staleBefore`, its object not there). The update re-checks the row, so of two takers only one
 * wins; the answer is the uid to make the object under (the dead request's, so what it made is kept).
 */
export async function takeOverIdempotencyKey(
  db: SimDb,
  scope: string,
  key: string,
  staleBefore: Date,
  uid: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(simIdempotencyKeys)
    .set({ created: sql`now()`, objectUid: sql`coalesce(${simIdempotencyKeys.objectUid}, ${uid})` })
    .where(
      and(
        eq(simIdempotencyKeys.scope, scope),
        eq(simIdempotencyKeys.key, key),
        sql`${simIdempotencyKeys.created} < ${staleBefore.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${simObjects} where ${simObjects.uid} = ${simIdempotencyKeys.objectUid})`,
      ),
    )
    .returning({ objectUid: simIdempotencyKeys.objectUid });
  return row?.objectUid ?? undefined;
}

/** The key row of (scope, key), as long as it still names `objectUid`. */
const keyHeldFor = (scope: string, key: string, objectUid: string) =>
  and(
    eq(simIdempotencyKeys.scope, scope),
    eq(simIdempotencyKeys.key, key),
    eq(simIdempotencyKeys.objectUid, objectUid),
  );

/** A failed create gives the key back, so the client's retry can create — unless its object exists after all. */
export async function releaseIdempotencyKey(db: SimDb, scope: string, key: string, objectUid: string) {
  await db
    .delete(simIdempotencyKeys)
    .where(
      and(
        keyHeldFor(scope, key, objectUid),
        sql`not exists (select 1 from ${simObjects} where ${simObjects.uid} = ${objectUid})`,
      ),
    );
}

/** The transactions that name a mandate: its first payment and its charges. */
export async function listTransactionsOfMandate(db: SimDb, mandateUid: string): Promise<SimObject[]> {
  const rows = await db
    .select()
    .from(simObjects)
    .where(and(eq(simObjects.objectType, 'transaction'), sql`${simObjects.data}->>'mandate_uid' = ${mandateUid}`))
    .orderBy(asc(simObjects.created));
  return rows.map((r) => r.data as SimObject);
}

/** Gives up a completed key (e.g. a merchant's former e-mail address), only if it still names `objectUid`. */
export async function dropIdempotencyKey(db: SimDb, scope: string, key: string, objectUid: string) {
  await db.delete(simIdempotencyKeys).where(keyHeldFor(scope, key, objectUid));
}

export async function insertNotification(db: SimDb, uid: string, url: string, payload: Record<string, unknown>) {
  await db.insert(simNotifications).values({ uid, url, payload });
}

export async function markNotificationAttempt(db: SimDb, uid: string, delivered: boolean) {
  await db
    .update(simNotifications)
    .set({
      attempts: sql`${simNotifications.attempts} + 1`,
      ...(delivered ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(simNotifications.uid, uid));
}

/** Where a batch of undelivered notifications ended: (created as exact text, uid). */
export interface DeliveryCursor {
  created: string;
  uid: string;
}

/** One batch of notifications still to deliver, oldest first, after the cursor. */
export async function listUndeliveredNotifications(
  db: SimDb,
  maxAttempts: number,
  after: DeliveryCursor | undefined,
  limit: number,
) {
  return db
    .select({
      uid: simNotifications.uid,
      url: simNotifications.url,
      payload: simNotifications.payload,
      attempts: simNotifications.attempts,
      // Exact (microsecond) text, so the cursor never re-reads its own last row.
      cursor: sql<string>`${simNotifications.created}::text`,
    })
    .from(simNotifications)
    .where(
      and(
        isNull(simNotifications.deliveredAt),
        sql`${simNotifications.attempts} < ${maxAttempts}`,
        after
          ? sql`(${simNotifications.created}, ${simNotifications.uid}) > (${after.created}::timestamptz, ${after.uid})`
          : undefined,
      ),
    )
    .orderBy(asc(simNotifications.created), asc(simNotifications.uid))
    .limit(limit);
}
