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
  /**
   * The user a token names, as an actor with their current token version, or undefined when there is
   * no such user (any more). Read on every authenticated request anyway, so the version costs no query.
   */
  findActor(userId: string): Promise<(Actor & { tokenVersion: number }) | null | undefined>;
}

/**
 * Bearer-token authentication. The token names the user and their token version; role and existence are read from
 * the database on each authenticated request, so a deleted user or a changed role takes effect at once,
 * and a token issued before the user's last password change or reset (an older token version) is refused.
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
      const subject = await verifyAccessToken(options.secret, match[1]);
      const found = await options.findActor(subject.id);
      if (!found || found.tokenVersion !== subject.tokenVersion) throw AppError.unauthorized();
      return { userId: found.userId, role: found.role };
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
