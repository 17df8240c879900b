import type { Actor, AppContext } from '../../context.js';
import { isAdmin } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './tipjars.repository.js';

/**
 * The tip jar if the actor may manage it (its admins and platform ADMINs); otherwise 404 —
 * never 403, so strangers cannot even learn that the id exists (DESIGN.md §3).
 */
export async function loadManagedTipjar(ctx: AppContext, actor: Actor, id: string): Promise<repo.TipjarRow> {
  const row = await repo.findTipjar(ctx.db, id);
  if (!row) throw AppError.notFound('Tip jar');
  if (isAdmin(actor)) return row;
  if (!(await repo.isTipjarAdmin(ctx.db, id, actor.userId))) throw AppError.notFound('Tip jar');
  return row;
}
