import { ErrorCode } from '@podpot/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Actor, AppContext } from '../context.js';
import { tipjarAdmins, tipjars } from '../db/schema/index.js';
import { AppError } from './app-error.js';

/**
 * Who may do what, written once (every module asks here; none compares roles itself). Routes ask for a user or an admin; services that serve both
 * audiences ask `isAdmin` / `assertAdmin` instead of comparing roles inline.
 */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'ADMIN' && !actor.twoStepMissing;
}

/**
 * 403 unless the actor is a platform admin; an admin whose session did not pass two-step login gets
 * TWO_STEP_REQUIRED (the web sends them to set it up, decision 036).
 */
export function assertAdmin(actor: Actor): void {
  if (actor.role === 'ADMIN' && actor.twoStepMissing) {
    throw new AppError(ErrorCode.TwoStepRequired, 'Set up two-step login (and log in with it) to act as an admin');
  }
  if (!isAdmin(actor)) throw AppError.forbidden();
}

/** The signed-in user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<Actor> {
  const actor = await request.actor();
  if (!actor) throw AppError.unauthorized();
  // Which request acted, for the audit trail (modules/audit).
  return { ...actor, request: { id: request.id, ip: request.ip } };
}

/** A platform admin, or 401 (anonymous) / 403 (signed in, not admin). */
export async function requireAdmin(request: FastifyRequest): Promise<Actor> {
  const actor = await requireUser(request);
  assertAdmin(actor);
  return actor;
}

export type ManagedTipjar = typeof tipjars.$inferSelect;

/**
 * The tip jar if the actor may manage it (its admins and platform ADMINs); otherwise 404 —
 * never 403, so strangers cannot even learn that the id exists (DESIGN.md §3). An archived tip jar
 * is gone for its admins; platform admins still read it (its records stay for the books, §4.9).
 */
export async function loadManagedTipjar(ctx: AppContext, actor: Actor, id: string): Promise<ManagedTipjar> {
  const [row] = await ctx.db.select().from(tipjars).where(eq(tipjars.id, id));
  if (!row) throw AppError.notFound('Tip jar');
  if (isAdmin(actor)) return row;
  if (row.archivedAt) throw AppError.notFound('Tip jar');
  const [admin] = await ctx.db
    .select({ userId: tipjarAdmins.userId })
    .from(tipjarAdmins)
    .where(and(eq(tipjarAdmins.tipjarId, id), eq(tipjarAdmins.userId, actor.userId)));
  if (!admin) throw AppError.notFound('Tip jar');
  return row;
}
