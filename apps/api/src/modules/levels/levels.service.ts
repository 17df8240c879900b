import {
  ErrorCode,
  type Level,
  type LevelRef,
  levelAmountOf,
  levelOf,
  type PutLevelsBody,
  type RecurringInterval,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockTipjar } from '../tipjars/tipjars.queries.js';
import * as repo from './levels.repository.js';

/**
 * A tip jar's levels with a perk line (issue 40, decision 091). A monthly or yearly tip's level is
 * never stored: it is `levelOf(levels, amount, interval)` whenever it is shown, so an amount change
 * (or the maker changing the levels) moves the tip at once and the charge rules never see a level.
 */

export function toLevel(row: repo.LevelRow): Level {
  return { id: row.id, amount: row.amount, name: row.name, perk: row.perk, unlocksFeed: row.unlocksFeed };
}

/** The storefront's levels of a tip jar (cheapest first): its `storefront` port adds them (app.ts). */
export async function publicLevels(db: DbOrTx, tipjarId: string): Promise<Level[]> {
  return (await repo.listLevels(db, tipjarId)).map(toLevel);
}

/** A recurring tip's level now, as lists show it; null below the cheapest level (or without levels). */
export function levelRefOf(
  levels: readonly repo.LevelRow[],
  tip: { amount: number; nextAmount: number | null; interval?: RecurringInterval | null },
): LevelRef | null {
  const level = levelOf(levels, levelAmountOf(tip), tip.interval ?? 'month');
  return level ? { id: level.id, name: level.name } : null;
}

/** GET tipjars/{id}/levels: the tip jar's admins and platform admins. */
export async function getLevels(ctx: AppContext, actor: Actor, tipjarId: string): Promise<Level[]> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return publicLevels(ctx.db, tipjarId);
}

/** One line per level for the audit trail: amount and name (and whether it opens the bonus feed). */
function auditLine(levels: readonly { amount: number; name: string; unlocksFeed: boolean }[]): string {
  return levels.map((l) => `€${(l.amount / 100).toFixed(2)} ${l.name}${l.unlocksFeed ? ' (feed)' : ''}`).join(' · ');
}

/**
 * PUT tipjars/{id}/levels: the whole list in one transaction. A given id updates that level (its bonus
 * episodes keep naming it), a level left out is deleted (its bonus episodes go to every supporter with
 * the feed), a row without id is new. An id that is not one of this tip jar's levels is refused.
 */
export async function putLevels(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  input: PutLevelsBody['data'],
): Promise<Level[]> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return ctx.db.transaction(async (tx) => {
    // Two saves at once wait for each other: the second sees the first's ids.
    await lockTipjar(tx, tipjarId);
    const before = await repo.listLevels(tx, tipjarId);
    const known = new Set(before.map((l) => l.id));
    const kept = new Set<string>();
    input.forEach((level, i) => {
      if (level.id === undefined) return;
      if (!known.has(level.id) || kept.has(level.id)) {
        throw AppError.field(ErrorCode.Validation, `data.${i}.id`, { key: 'invalid' }, 'Not a level of this tip jar');
      }
      kept.add(level.id);
    });
    const values = (level: (typeof input)[number]): repo.LevelValues => ({
      amount: level.amount,
      name: level.name,
      perk: level.perk ?? '',
      unlocksFeed: level.unlocksFeed ?? false,
    });
    await repo.deleteLevels(
      tx,
      before.filter((l) => !kept.has(l.id)).map((l) => l.id),
    );
    for (const level of input) if (level.id) await repo.updateLevel(tx, level.id, values(level));
    await repo.insertLevels(tx, tipjarId, input.filter((l) => !l.id).map(values));
    const after = await repo.listLevels(tx, tipjarId);
    await auditLevels(tx, actor, tipjarId, before, after);
    return after.map(toLevel);
  });
}

async function auditLevels(
  tx: Tx,
  actor: Actor,
  tipjarId: string,
  before: repo.LevelRow[],
  after: repo.LevelRow[],
): Promise<void> {
  const was = auditLine(before);
  const now = auditLine(after);
  const perksChanged = JSON.stringify(before.map(toLevel)) !== JSON.stringify(after.map(toLevel));
  if (was === now && !perksChanged) return;
  await recordAudit(tx, actor, {
    action: 'tipjar.levelsChanged',
    entityType: 'tipjar',
    entityId: tipjarId,
    tipjarId,
    before: { levels: was },
    after: { levels: now },
  });
}
