import { and, count, eq, gt, lt, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { artworks, feedVerificationEvents, feedVerifications, tipjars } from '../../db/schema/index.js';

/** The only code touching artworks, feed_verifications and feed_verification_events (the tip jar's own columns go through tipjars; here it is only read). */

export async function insertArtwork(db: DbOrTx, values: typeof artworks.$inferInsert) {
  const [row] = await db.insert(artworks).values(values).returning({ id: artworks.id });
  return row!.id;
}

export async function findArtwork(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ contentType: artworks.contentType, bytes: artworks.bytes, created: artworks.created })
    .from(artworks)
    .where(eq(artworks.id, id));
  return row;
}

/**
 * Deletes stored artwork no tip jar shows, made before `before`: previews that were never ordered and
 * artwork a tip jar replaced. Answers how many went. A tip jar that takes one at this moment keeps it:
 * the check and the delete are one statement, and the foreign key sets a late reference to null.
 */
export async function deleteUnusedArtworks(db: DbOrTx, before: Date): Promise<number> {
  const shown = db.select({ one: sql`1` }).from(tipjars).where(eq(tipjars.artworkId, artworks.id));
  const gone = await db
    .delete(artworks)
    .where(and(lt(artworks.created, before), notExists(shown)))
    .returning({ id: artworks.id });
  return gone.length;
}

export type FeedVerificationRow = typeof feedVerifications.$inferSelect;

/** Starts (or restarts: a new code replaces the old one, its tries start over) a tip jar's check. */
export async function upsertVerification(db: DbOrTx, values: Omit<typeof feedVerifications.$inferInsert, 'attempts'>) {
  await db
    .insert(feedVerifications)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: feedVerifications.tipjarId,
      set: {
        feedUrl: values.feedUrl,
        email: values.email,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        attempts: 0,
        created: sql`now()`,
      },
    });
}

/** The open check, unlocked (to learn which owner address and feed to lock first). */
export async function findVerification(db: DbOrTx, tipjarId: string) {
  const [row] = await db.select().from(feedVerifications).where(eq(feedVerifications.tipjarId, tipjarId));
  return row;
}

/** The open check, locked until the transaction ends: two tries at once count one after the other. */
export async function lockVerification(db: DbOrTx, tipjarId: string) {
  const [row] = await db.select().from(feedVerifications).where(eq(feedVerifications.tipjarId, tipjarId)).for('update');
  return row;
}

export async function countAttempt(db: DbOrTx, tipjarId: string) {
  await db
    .update(feedVerifications)
    .set({ attempts: sql`${feedVerifications.attempts} + 1` })
    .where(eq(feedVerifications.tipjarId, tipjarId));
}

export async function deleteVerification(db: DbOrTx, tipjarId: string, codeHash?: string) {
  await db
    .delete(feedVerifications)
    .where(
      and(eq(feedVerifications.tipjarId, tipjarId), codeHash ? eq(feedVerifications.codeHash, codeHash) : undefined),
    );
}

/* ---------- the day's codes and wrong codes (decision 064) ---------- */

export type FeedVerificationEvent = Omit<typeof feedVerificationEvents.$inferInsert, 'id' | 'created'>;

export async function recordVerificationEvent(db: DbOrTx, event: FeedVerificationEvent) {
  await db.insert(feedVerificationEvents).values(event);
}

/** Deletes the codes and wrong codes from before `before`: the limits count only the last day. */
export async function deleteVerificationEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(feedVerificationEvents)
    .where(lt(feedVerificationEvents.created, before))
    .returning({ id: feedVerificationEvents.id });
  return deleted.length;
}

/** How many `kind` events since `since` match any of the given owner address, feed or user. */
export async function countVerificationEvents(
  db: DbOrTx,
  kind: 'code' | 'guess',
  since: Date,
  match: { email?: string; feedUrl?: string; userId?: string },
): Promise<number> {
  const e = feedVerificationEvents;
  const [row] = await db
    .select({ n: count() })
    .from(e)
    .where(
      and(
        eq(e.kind, kind),
        gt(e.created, since),
        or(
          match.email !== undefined ? eq(e.email, match.email) : undefined,
          match.feedUrl !== undefined ? eq(e.feedUrl, match.feedUrl) : undefined,
          match.userId !== undefined ? eq(e.userId, match.userId) : undefined,
        ),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Holds the day's counts of these keys (an owner address, a feed) until the transaction ends: two
 * requests at once count one after the other, across tip jars, so a limit holds exactly. Locked in
 * one order, so two transactions never wait on each other.
 */
export async function lockVerificationKeys(db: DbOrTx, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`feed-verification:${key}`}))`);
  }
}
