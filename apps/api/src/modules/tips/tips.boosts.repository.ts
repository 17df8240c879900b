import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tips } from '../../db/schema/index.js';

/*
 * Episode boosts (decision 097): the tips of an episode whose tipper asked for the message to be read
 * on air. Only completed (paid) ones are listed or ticked: an open, failed or refunded tip is nobody's
 * message to read.
 */

const boostColumns = {
  id: tips.id,
  moment: tips.boostMoment,
  privacy: tips.privacy,
  displayName: tips.displayName,
  message: tips.message,
  amount: tips.amount,
  readAt: tips.readOnAirAt,
  created: tips.created,
};

const paidBoostOf = (tipjarId: string) =>
  and(eq(tips.tipjarId, tipjarId), eq(tips.readOnAir, true), eq(tips.status, 'completed'));

/** A tip jar's paid boosts of one episode: by moment (none last), then oldest first; at most `limit`. */
export async function listBoosts(db: DbOrTx, tipjarId: string, episodeId: string, limit: number) {
  return db
    .select(boostColumns)
    .from(tips)
    .where(and(paidBoostOf(tipjarId), eq(tips.episodeId, episodeId)))
    .orderBy(sql`${tips.boostMoment} asc nulls last`, asc(tips.created), asc(tips.id))
    .limit(limit);
}

/**
 * The done tick of one paid boost of this tip jar: `read` sets the moment it was read (kept when
 * ticked again), otherwise clears it. Undefined when the tip is no paid boost of this tip jar.
 */
export async function setBoostRead(db: DbOrTx, tipjarId: string, tipId: string, read: boolean) {
  const [row] = await db
    .update(tips)
    .set({ readOnAirAt: read ? sql`coalesce(${tips.readOnAirAt}, now())` : null })
    .where(and(eq(tips.id, tipId), paidBoostOf(tipjarId)))
    .returning(boostColumns);
  return row;
}

export type BoostRow = Awaited<ReturnType<typeof listBoosts>>[number];
