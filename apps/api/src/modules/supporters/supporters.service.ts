import {
  type GoalProgress,
  goalMonthOf,
  type Level,
  levelOf,
  SUPPORTER_WALL_SIZE,
  type Supporter,
  type Tip,
  type TipjarGoal,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { listLevels } from '../levels/levels.queries.js';
import { toLevel } from '../levels/levels.service.js';
import { toTips } from '../tips/tips.service.js';
import * as repo from './supporters.repository.js';

/**
 * The storefront's supporter wall and monthly goal (decision 032). They sit above tips, monthly tips and
 * tip jars: app.ts hands `storefrontExtras` to the tip jars' public answer (their `storefront` port, tipjars.ports.ts).
 */

/** A minute is as precise as a wall needs to be ("3 minutes ago"); no more is told about a tipper. */
function toMinute(date: Date): string {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000).toISOString();
}

/**
 * The recent supporters of a tip jar, newest first, as their tips' privacy allows. A month of a monthly
 * tip names its level now (issue 40) unless the tip is anonymous; `levels` are the tip jar's.
 */
export async function listSupporters(
  db: DbOrTx,
  tipjarId: string,
  levels: readonly Level[] = [],
): Promise<Supporter[]> {
  const rows = await repo.recentSupporterTips(db, tipjarId, SUPPORTER_WALL_SIZE);
  return rows.map((row) => {
    const level =
      row.monthly && row.levelAmount !== null && levels.length > 0
        ? (levelOf(levels, Number(row.levelAmount), row.interval ?? 'month')?.name ?? null)
        : null;
    return {
      name: row.name ?? null,
      amount: row.amount === null ? null : Number(row.amount),
      message: row.message ?? null,
      monthly: Boolean(row.monthly),
      paidAt: toMinute(row.completedAt!),
      ...(row.monthly ? { level } : {}),
    };
  });
}

/** This Amsterdam month's progress toward `goal` at `now`; null without a goal. */
export async function goalProgressOf(
  db: DbOrTx,
  tipjarId: string,
  goal: TipjarGoal | null,
  now = new Date(),
): Promise<GoalProgress | null> {
  if (!goal) return null;
  const month = goalMonthOf(now);
  const current =
    goal.kind === 'AMOUNT'
      ? await repo.paidBetween(db, tipjarId, month.from, month.until)
      : await repo.activeMonthlyTippers(db, tipjarId);
  return { month: month.month, current };
}

/**
 * What the storefront's answer adds to a public tip jar (wired into the tip jars module in app.ts): the
 * goal, the wall, and the levels (read once: the wall names its monthly supporters' levels with them).
 */
export async function storefrontExtras(db: DbOrTx, tipjar: { id: string; goal: TipjarGoal | null }) {
  const levels = (await listLevels(db, tipjar.id)).map(toLevel);
  const [goalProgress, supporters] = await Promise.all([
    goalProgressOf(db, tipjar.id, tipjar.goal),
    listSupporters(db, tipjar.id, levels),
  ]);
  return { goalProgress, supporters, levels };
}

/** PUT tipjars/{id}/tips/{tipId}/wall: the tip jar's admins show or hide a tip's message on the wall. */
export async function setTipMessageShown(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  tipId: string,
  messageShown: boolean,
): Promise<Tip> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.setMessageShown(ctx.db, tipjarId, tipId, messageShown);
  if (!row) throw AppError.notFound('Tip');
  const [tip] = await toTips(ctx.db, [row], { withEmail: false });
  return tip!;
}
