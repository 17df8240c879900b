import type { FastifyRequest } from 'fastify';
import type { Actor } from '../context.js';
import { AppError } from './app-error.js';

/**
 * Who may do what, written once. Routes ask for a user or an admin; services that serve both
 * audiences ask `isAdmin` / `assertAdmin` instead of comparing roles inline.
 */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'ADMIN';
}

/** 403 unless the actor is a platform admin. */
export function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw AppError.forbidden();
}

/** The signed-in user, or 401. */
export async function requireUser(request: FastifyRequest): Promise<Actor> {
  const actor = await request.actor();
  if (!actor) throw AppError.unauthorized();
  return actor;
}

/** A platform admin, or 401 (anonymous) / 403 (signed in, not admin). */
export async function requireAdmin(request: FastifyRequest): Promise<Actor> {
  const actor = await requireUser(request);
  assertAdmin(actor);
  return actor;
}
