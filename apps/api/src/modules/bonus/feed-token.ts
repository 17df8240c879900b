import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

/**
 * The token in a supporter's private feed URL (/feeds/{token}.xml, decision 090):
 * `<recurring tip id, 16 bytes base64url>.<HMAC-SHA256(key, 'feed:<id>:<version>') base64url>`.
 * Unguessable (256 bits of MAC), and the same every time it is shown until the tipper rotates it
 * (recurring_tips.feed_token_version + 1: every older URL then answers 404). The key is derived from
 * JWT_SECRET for this purpose only, as the manage links' key is (manage-token.ts).
 */
const PURPOSE = 'supporter-feed';
const keys = new WeakMap<AppContext, Buffer>();

function keyOf(ctx: AppContext): Buffer {
  let key = keys.get(ctx);
  if (!key) {
    key = createHmac('sha256', ctx.config.JWT_SECRET).update(`podpot:${PURPOSE}`).digest();
    keys.set(ctx, key);
  }
  return key;
}

function macOf(ctx: AppContext, recurringTipId: string, version: number): Buffer {
  return createHmac('sha256', keyOf(ctx)).update(`feed:${recurringTipId}:${version}`).digest();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** 22 characters of id, a dot, 43 of MAC. */
const TOKEN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/** The token of a recurring tip's feed URL at `version`. */
export function signFeedToken(ctx: AppContext, recurringTipId: string, version: number): string {
  const id = Buffer.from(recurringTipId.replaceAll('-', ''), 'hex').toString('base64url');
  return `${id}.${macOf(ctx, recurringTipId, version).toString('base64url')}`;
}

/** The recurring tip id a token names (not yet checked), or null when it is no token's shape. */
export function feedTokenSubject(token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const [idPart] = token.split('.');
  const hex = Buffer.from(idPart!, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(id) ? id : null;
}

/**
 * Whether `token` is the feed token of `recurringTipId` at `version` (the version now stored). Always
 * one HMAC and one constant-time comparison, whether or not the tip exists (pass version -1 then): a
 * wrong, rotated or forged token costs the same as a right one.
 */
export function feedTokenMatches(ctx: AppContext, token: string, recurringTipId: string, version: number): boolean {
  const given = Buffer.from(token.split('.')[1] ?? '', 'base64url');
  const expected = macOf(ctx, recurringTipId, version);
  return given.length === expected.length && timingSafeEqual(given, expected) && version >= 0;
}

/** The public URL of a feed token. */
export function feedUrlOf(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/feeds/${token}.xml`;
}
