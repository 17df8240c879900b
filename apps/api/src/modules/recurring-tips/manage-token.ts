import { createHmac } from 'node:crypto';
import { appUrl, type Locale } from '@podpot/domain';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { bumpManageTokenVersion, findManageTokenVersion } from './recurring-tips.repository.js';

/**
 * The "manage" link in every mail about a recurring tip: opens THAT recurring tip without a
 * password — to pause, resume, cancel or lower it; raising it needs a login. A JWT, short-lived,
 * single-purpose, bound to one recurring tip id and to its current link version: each new link
 * (every mail) and a cancellation end every older link.
 *
 * It is signed with a key derived from JWT_SECRET for this purpose only, so it can never pass as an
 * access token (the auth plugin's key differs) — and an access token never passes as a manage token.
 */
export const MANAGE_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const PURPOSE = 'manage-recurring-tip';
const ISSUER = 'podpot';
/** Header alternative to ?token= and Authorization: Bearer. */
export const MANAGE_TOKEN_HEADER = 'x-manage-token';

const keys = new WeakMap<AppContext, Uint8Array>();

function keyOf(ctx: AppContext): Uint8Array {
  let key = keys.get(ctx);
  if (!key) {
    key = createHmac('sha256', ctx.config.JWT_SECRET).update(`podpot:${PURPOSE}`).digest();
    keys.set(ctx, key);
  }
  return key;
}

/** A manage token for the link version the recurring tip has now (tests; links use manageLinkOf). */
export async function signManageToken(
  ctx: AppContext,
  recurringTipId: string,
  ttlSeconds = MANAGE_TOKEN_TTL_SECONDS,
): Promise<string> {
  const version = (await findManageTokenVersion(ctx.db, recurringTipId)) ?? 0;
  return signVersion(ctx, recurringTipId, version, ttlSeconds);
}

function signVersion(ctx: AppContext, recurringTipId: string, version: number, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ purpose: PURPOSE, ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(recurringTipId)
    .setIssuer(ISSUER)
    .setAudience(PURPOSE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(ctx));
}

/** The recurring tip id a manage token opens, or null (bad signature, expired, other purpose). */
export async function verifyManageToken(ctx: AppContext, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      issuer: ISSUER,
      audience: PURPOSE,
      algorithms: ['HS256'],
    });
    if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string') return null;
    // An older link (a newer one was sent, or the tip was cancelled since) opens nothing.
    const current = await findManageTokenVersion(ctx.db, payload.sub);
    return current !== undefined && (payload.ver ?? 0) === current ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * The manage link for a mail, in the recipient's language; it ends every link sent before it. Pass the
 * transaction that queues the mail (it may hold the recurring tip's row lock).
 */
export async function manageLinkOf(
  ctx: AppContext,
  recurringTipId: string,
  locale: Locale,
  db: DbOrTx = ctx.db,
): Promise<string> {
  const version = await bumpManageTokenVersion(db, recurringTipId);
  const token = await signVersion(ctx, recurringTipId, version, MANAGE_TOKEN_TTL_SECONDS);
  return appUrl(ctx.config.publicUrl, 'accountRecurringtips', { recurringtipid: recurringTipId }, locale, { token });
}

/** A manage token carried by the request: `?token=`, the x-manage-token header, or a bearer token. */
export function manageTokenCandidates(request: FastifyRequest): string[] {
  const found: string[] = [];
  const query = (request.query ?? {}) as { token?: unknown };
  if (typeof query.token === 'string' && query.token) found.push(query.token);
  const header = request.headers[MANAGE_TOKEN_HEADER];
  if (typeof header === 'string' && header) found.push(header);
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]) found.push(bearer[1]);
  return found;
}
