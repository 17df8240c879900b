import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../context.js';
import { verifyAccessToken } from '../lib/access-token.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Lazily resolved: the user behind the bearer token, or null. */
    actor(): Promise<Actor | null>;
  }
}

export interface AuthOptions {
  secret: string;
  /** The user a token names, as an actor, or undefined when there is no such user (any more). */
  findActor(userId: string): Promise<Actor | null | undefined>;
}

/**
 * Bearer-token authentication. The token only names the user; role and existence are read from
 * the database on each authenticated request, so a deleted user or a changed role takes effect at once.
 * Access rules on top of it: lib/access.ts.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions) {
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

  async function resolve(request: FastifyRequest): Promise<Actor | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw AppError.unauthorized();
    try {
      const actor = await options.findActor(await verifyAccessToken(options.secret, match[1]));
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
