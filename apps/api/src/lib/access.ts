import { ErrorCode } from '@podpot/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { tipjarAdmins, tipjars } from '../db/schema/index.js';
import { AppError } from './app-error.js';

/** Who is asking: null for anonymous. */
export interface Actor {
  userId: string;
  role: 'ADMIN' | 'USER';
  /** The session passed the second step of two-step login (decision 036). */
  twoStep?: boolean;
  /**
   * A platform ADMIN whose session did not pass two-step login (not set up, or signed in before it
   * was): no admin rights until it is (assertAdmin answers TWO_STEP_REQUIRED). Absent: nothing missing.
   */
  twoStepMissing?: true;
  /**
   * The request came with a maker's personal API token (decision 096), not a session: the actor is
   * its maker as a USER (never an admin), for this one tip jar and these scopes, on the operations of
   * the token allow-list only (modules/api-tokens).
   */
  apiToken?: { id: string; tipjarId: string; scopes: readonly string[] };
  /** The request the actor made, when it came over HTTP: recorded in the audit trail. */
  request?: { id: string; ip: string };
}

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
 * never 403, so strangers cannot even learn that the id exists (docs/domain-rules.md §11). An archived tip jar
 * is gone for its admins; platform admins still read it (its records stay for the books, docs/money-rules.md §9).
 * One statement: the tip jar and whether the actor is one of its admins (every backoffice request
 * of a tip jar starts here; a second round trip cost measurable API CPU, decision 053).
 */
export async function loadManagedTipjar(ctx: { db: Db }, actor: Actor, id: string): Promise<ManagedTipjar> {
  const [found] = await ctx.db
    .select({
      row: tipjars,
      managed: sql<boolean>`exists (select 1 from ${tipjarAdmins}
                                    where ${tipjarAdmins.tipjarId} = ${tipjars.id} and ${tipjarAdmins.userId} = ${actor.userId})`,
    })
    .from(tipjars)
    .where(eq(tipjars.id, id));
  if (!found) throw AppError.notFound('Tip jar');
  if (isAdmin(actor)) return found.row;
  if (found.row.archivedAt || !found.managed) throw AppError.notFound('Tip jar');
  return found.row;
}

/**
 * Who asks as the tipper of one monthly or yearly tip: the signed-in tipper, or the manage link in a
 * mail, whose token opens exactly one recurring tip (modules/recurring-tips/manage-token.ts). The
 * tipper's self-service and their private supporter feed (decision 090) both ask `ownsRecurringTip`.
 */
export type RecurringTipOwner = { kind: 'user'; actor: Actor } | { kind: 'token'; recurringTipId: string };

/** The one rule: a manage token for this very tip, or the signed-in user whose tip it is. */
export function ownsRecurringTip(owner: RecurringTipOwner, tip: { id: string; userId: string }): boolean {
  return owner.kind === 'token' ? owner.recurringTipId === tip.id : owner.actor.userId === tip.userId;
}
