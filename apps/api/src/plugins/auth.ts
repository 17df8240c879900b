import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Actor, AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { findActor } from '../modules/users/users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Lazily resolved: the user behind the bearer token, or null. */
    actor(): Promise<Actor | null>;
  }
}

const ISSUER = 'podpot';

export async function signAccessToken(ctx: AppContext, userId: string): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = ctx.config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(new TextEncoder().encode(ctx.config.JWT_SECRET));
  return { token, expiresIn };
}

/**
 * Bearer-token authentication. The token only names the user; role and existence are read from
 * the database on each authenticated request, so a deleted user or a changed role takes effect at once.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  const key = new TextEncoder().encode(ctx.config.JWT_SECRET);
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

  async function resolve(request: FastifyRequest): Promise<Actor | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw AppError.unauthorized();
    try {
      const { payload } = await jwtVerify(match[1], key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (!payload.sub) throw AppError.unauthorized();
      const actor = await findActor(ctx.db, payload.sub);
      if (!actor) throw AppError.unauthorized();
      return actor;
    } catch {
      throw new AppError('UNAUTHORIZED', 'Invalid or expired access token');
    }
  }

  app.decorateRequest('actor', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolve(this);
      cache.set(this, pending);
    }
    return pending;
  });
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
  if (actor.role !== 'ADMIN') throw AppError.forbidden();
  return actor;
}
