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
    /**
     * The grant of the maker's personal API token the request carries (decision 096), or null when
     * it carries none (a session's token, or nothing); 401 for a token of that form that grants nothing.
     */
    apiToken(): Promise<ApiTokenGrant | null>;
  }
}

/** What a personal API token lets its caller do: act as its maker, for one tip jar, within its scopes. */
export interface ApiTokenGrant {
  tokenId: string;
  userId: string;
  tipjarId: string;
  scopes: readonly string[];
  /** When its use was last recorded (at most once a minute). */
  lastUsedAt: Date | null;
}

export interface AuthOptions {
  secret: string;
  /**
   * The user a token names, as an actor with their current token version, or undefined when there is
   * no such user (any more). Read on every authenticated request anyway, so the version costs no query.
   */
  findActor(userId: string): Promise<FoundActor>;
  /** Personal API tokens: bearer tokens starting with `prefix` are looked up here instead of verified as JWTs. */
  apiTokens?: { prefix: string; find(token: string): Promise<ApiTokenGrant | undefined> };
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
  app.decorateRequest(GRANT, null);
  const apiTokens = options.apiTokens;
  const isApiToken = (token: string) => apiTokens !== undefined && token.startsWith(apiTokens.prefix);

  /** The bearer token of the request, or null without an Authorization header; 401 for another scheme. */
  function bearerOf(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw AppError.unauthorized();
    return match[1];
  }

  async function verify(request: FastifyRequest): Promise<TokenSubject | null> {
    const token = bearerOf(request);
    if (!token || isApiToken(token)) return null;
    try {
      return await verifyAccessToken(options.secret, token);
    } catch {
      throw invalidToken();
    }
  }

  async function grant(request: FastifyRequest): Promise<ApiTokenGrant | null> {
    const token = bearerOf(request);
    if (!token || !apiTokens || !isApiToken(token)) return null;
    let found: ApiTokenGrant | undefined;
    try {
      found = await apiTokens.find(token);
    } catch {
      throw invalidApiToken();
    }
    if (!found) throw invalidApiToken();
    return found;
  }

  /** The actor, found by `find`: the user the token names, at the token's version. */
  async function resolve(
    request: FastifyRequest,
    find: (userId: string) => Promise<FoundActor>,
  ): Promise<Actor | null> {
    const granted = await once(GRANT, request, grant);
    // A personal API token acts as its maker, a USER whatever their role, for its one tip jar (decision 096).
    if (granted) {
      const { tokenId, tipjarId, scopes } = granted;
      return { userId: granted.userId, role: 'USER', apiToken: { id: tokenId, tipjarId, scopes } };
    }
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
    const granted = await once(GRANT, this, grant);
    if (granted) return granted.userId;
    return (await once(SUBJECT, this, verify))?.id ?? null;
  });
  app.decorateRequest('apiToken', function (this: FastifyRequest) {
    return once(GRANT, this, grant);
  });
}

function invalidToken(): AppError {
  return new AppError('UNAUTHORIZED', 'Invalid or expired access token');
}

function invalidApiToken(): AppError {
  return new AppError('UNAUTHORIZED', 'Unknown, revoked or expired API token');
}

/** The request fields that hold its actor and token subject once asked for (null before). */
const ACTOR = 'podpotActor';
const SUBJECT = 'podpotSubject';
const GRANT = 'podpotGrant';

type Pending = {
  [ACTOR]: Promise<Actor | null> | null;
  [SUBJECT]: Promise<TokenSubject | null> | null;
  [GRANT]: Promise<ApiTokenGrant | null> | null;
};

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
