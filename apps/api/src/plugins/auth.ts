import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../context.js';
import { type TokenSubject, verifyAccessToken } from '../lib/access-token.js';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Lazily resolved: the user behind the bearer token, or null. */
    actor(): Promise<Actor | null>;
    /**
     * The user id the bearer token names once its signature and expiry are checked, before the
     * database confirmed the user (null without a bearer; 401 for a bad token). Only for reading that
     * user's data alongside actor(): never answer with it unless actor() agrees.
     */
    claimedUserId(): Promise<string | null>;
    /**
     * actor(), decided on the user row the route read itself for claimedUserId() (as findActor reads
     * it: undefined when there is no such user any more) instead of reading it again.
     */
    actorFrom(found: FoundActor): Promise<Actor | null>;
  }
}

export interface AuthOptions {
  secret: string;
  /**
   * The user a token names, as an actor with their current token version, or undefined when there is
   * no such user (any more). Read on every authenticated request anyway, so the version costs no query.
   */
  findActor(userId: string): Promise<FoundActor>;
}

/** A user as an actor with their current token version, or nothing when there is no such user (any more). */
export type FoundActor = (Actor & { tokenVersion: number; twoStepEnabled?: boolean }) | null | undefined;

/**
 * Bearer-token authentication. The token names the user and their token version; role and existence are read from
 * the database on each authenticated request, so a deleted user or a changed role takes effect at once,
 * and a token issued before the user's last password change or reset (an older token version) is refused.
 * Access rules on top of it: lib/access.ts.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions) {
  // Each request's answers are kept on the request itself (fields Fastify's request shape starts with):
  // a WeakMap keyed by every request made the garbage collector trace an ephemeron per request.
  app.decorateRequest(ACTOR, null);
  app.decorateRequest(SUBJECT, null);

  async function verify(request: FastifyRequest): Promise<TokenSubject | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw AppError.unauthorized();
    try {
      return await verifyAccessToken(options.secret, match[1]);
    } catch {
      throw invalidToken();
    }
  }

  /** The actor, found by `find`: the user the token names, at the token's version. */
  async function resolve(
    request: FastifyRequest,
    find: (userId: string) => Promise<FoundActor>,
  ): Promise<Actor | null> {
    const subject = await once(SUBJECT, request, verify);
    if (!subject) return null;
    let found: FoundActor;
    try {
      found = await find(subject.id);
    } catch {
      throw invalidToken();
    }
    if (!found || found.userId !== subject.id || found.tokenVersion !== subject.tokenVersion) throw invalidToken();
    const twoStep = subject.twoStep === true;
    // An admin acts as one only in a session that passed two-step login, which must be set up (decision 036).
    if (found.role === 'ADMIN' && !(twoStep && found.twoStepEnabled)) {
      return { userId: found.userId, role: found.role, twoStep, twoStepMissing: true };
    }
    return { userId: found.userId, role: found.role, twoStep };
  }

  app.decorateRequest('actor', function (this: FastifyRequest) {
    return once(ACTOR, this, (request) => resolve(request, options.findActor));
  });
  app.decorateRequest('actorFrom', function (this: FastifyRequest, found: FoundActor) {
    return once(ACTOR, this, (request) => resolve(request, async () => found));
  });
  app.decorateRequest('claimedUserId', async function (this: FastifyRequest) {
    return (await once(SUBJECT, this, verify))?.id ?? null;
  });
}

function invalidToken(): AppError {
  return new AppError('UNAUTHORIZED', 'Invalid or expired access token');
}

/** The request fields that hold its actor and token subject once asked for (null before). */
const ACTOR = 'podpotActor';
const SUBJECT = 'podpotSubject';

type Pending = { [ACTOR]: Promise<Actor | null> | null; [SUBJECT]: Promise<TokenSubject | null> | null };

/** One answer per request, however often it is asked for. */
function once<K extends keyof Pending>(
  field: K,
  request: FastifyRequest,
  work: (request: FastifyRequest) => NonNullable<Pending[K]>,
): NonNullable<Pending[K]> {
  const fields = request as unknown as Pending;
  let pending = fields[field];
  if (!pending) {
    pending = work(request);
    fields[field] = pending;
  }
  return pending as NonNullable<Pending[K]>;
}
