import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tipjarLevels } from '../../db/schema/index.js';

/** SQL on a tip jar's levels (issue 40). A recurring tip's level is never stored: see levels.service.ts. */

export type LevelRow = typeof tipjarLevels.$inferSelect;

/** A tip jar's levels, cheapest first. */
export async function listLevels(db: DbOrTx, tipjarId: string): Promise<LevelRow[]> {
  return db
    .select()
    .from(tipjarLevels)
    .where(eq(tipjarLevels.tipjarId, tipjarId))
    .orderBy(asc(tipjarLevels.amount), asc(tipjarLevels.id));
}

/** The levels of several tip jars at once (one query for a whole list), cheapest first per tip jar. */
export async function listLevelsOf(db: DbOrTx, tipjarIds: readonly string[]): Promise<Map<string, LevelRow[]>> {
  const byTipjar = new Map<string, LevelRow[]>();
  const ids = [...new Set(tipjarIds)];
  if (ids.length === 0) return byTipjar;
  const rows = await db
    .select()
    .from(tipjarLevels)
    .where(inArray(tipjarLevels.tipjarId, ids))
    .orderBy(asc(tipjarLevels.amount), asc(tipjarLevels.id));
  for (const row of rows) {
    const list = byTipjar.get(row.tipjarId) ?? [];
    list.push(row);
    byTipjar.set(row.tipjarId, list);
  }
  return byTipjar;
}

export interface LevelValues {
  amount: number;
  name: string;
  perk: string;
  unlocksFeed: boolean;
}

export async function insertLevels(db: DbOrTx, tipjarId: string, values: LevelValues[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(tipjarLevels).values(values.map((v) => ({ ...v, tipjarId })));
}

export async function updateLevel(db: DbOrTx, id: string, values: LevelValues): Promise<void> {
  await db.update(tipjarLevels).set(values).where(eq(tipjarLevels.id, id));
}

/** Deletes levels by id; a bonus episode that named one is for every supporter with the feed from then on (SET NULL). */
export async function deleteLevels(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(tipjarLevels).where(inArray(tipjarLevels.id, [...ids]));
}
