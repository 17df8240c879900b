import type { TokenResponse } from '@podpot/domain';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Our bearer tokens: HS256 JWTs that name the user (role and existence are read per request) and carry
 * the user's token version (`tv`). A password change or reset raises the version, so every token
 * issued before is refused from then on. Plain functions of the secret, so services, the auth plugin
 * and tests share one definition.
 */
const ISSUER = 'podpot';
/** The issuer of a two-step challenge: never accepted as an access token (verifyAccessToken asks for ISSUER). */
const CHALLENGE_ISSUER = 'podpot:two-step';
const CHALLENGE_TTL_SECONDS = 5 * 60;
/** How far ahead of our clock a token's issue time may be (another server's clock running fast). */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Every token we sign has `sub`, `iat` and `exp`. One signed with our secret but not by us (a leaked
 * secret, a debugging tool) without an expiry would be good for ever, and one dated ahead outlives
 * every password change's cut-off: both are refused.
 */
async function verifyOurs(secret: string, token: string, issuer: string) {
  const { payload } = await jwtVerify(token, await hmacKey(secret), {
    issuer,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'iat', 'exp'],
  });
  if ((payload.iat as number) > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw new Error('token issued in the future');
  return payload;
}

/**
 * The HMAC key of a secret, imported once: jose would import the raw secret again for every token it
 * checks, which was a fifth of the CPU time of an authenticated read (decision 020). A process knows
 * one secret (tests: one per app), so a few entries are kept.
 */
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 8) keys.delete(keys.keys().next().value!);
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Who a token is for: the user and their token version when it was issued. */
export interface TokenSubject {
  id: string;
  tokenVersion: number;
  /**
   * The session passed the second step of two-step login (claim `ts`, decision 036): a code, a
   * recovery code or a remembered device. A platform admin acts as one only in such a session.
   */
  twoStep?: boolean;
}

export async function signAccessToken(
  config: { JWT_SECRET: string; ACCESS_TOKEN_TTL_SECONDS: number },
  user: TokenSubject,
): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT(user.twoStep ? { tv: user.tokenVersion, ts: true } : { tv: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(await hmacKey(config.JWT_SECRET));
  return { token, expiresIn };
}

/** The OAuth2 token answer (login, registration, a password change) for a fresh token. */
export async function tokenResponse(
  config: { JWT_SECRET: string; ACCESS_TOKEN_TTL_SECONDS: number },
  user: TokenSubject,
): Promise<TokenResponse> {
  const { token, expiresIn } = await signAccessToken(config, user);
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
}

/**
 * Tokens whose signature and claims were checked, with what they name, until they expire: every
 * request of a session carries the same token, and checking the signature again (WebCrypto, a job on
 * the thread pool per call) was the largest cost of an authenticated read after the database. What a
 * token names is fixed by its signature, so remembering it changes no answer: whether the user still
 * exists, their role and token version are read per request as before. Bounded; the oldest goes first.
 */
const VERIFIED_MAX = 5_000;
const verified = new Map<string, { secret: string; subject: TokenSubject; expiresAt: number }>();

/**
 * The user and token version a valid, unexpired token names; throws on anything else. A token from
 * before the version claim counts as version 0, so it dies with the first password change.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenSubject> {
  const known = verified.get(token);
  if (known && known.secret === secret && Date.now() < known.expiresAt) return known.subject;
  if (known) verified.delete(token);
  const payload = await verifyOurs(secret, token, ISSUER);
  if (!payload.sub) throw new Error('token names no user');
  const tokenVersion = payload.tv ?? 0;
  if (!Number.isSafeInteger(tokenVersion) || (tokenVersion as number) < 0) throw new Error('bad token version');
  const subject = { id: payload.sub, tokenVersion: tokenVersion as number, twoStep: payload.ts === true };
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { secret, subject, expiresAt: (payload.exp as number) * 1000 });
  return subject;
}

/**
 * The answer of a right password for a user with two-step login (decision 036): a short-lived signed
 * challenge that names the user and their token version, good for nothing but the second step.
 */
export async function signTwoStepChallenge(
  secret: string,
  user: TokenSubject,
): Promise<{ challenge: string; expiresIn: number }> {
  const challenge = await new SignJWT({ tv: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(CHALLENGE_ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(await hmacKey(secret));
  return { challenge, expiresIn: CHALLENGE_TTL_SECONDS };
}

/** The user and token version of a valid, unexpired challenge; undefined for anything else. */
export async function verifyTwoStepChallenge(secret: string, challenge: string): Promise<TokenSubject | undefined> {
  try {
    const payload = await verifyOurs(secret, challenge, CHALLENGE_ISSUER);
    const tokenVersion = payload.tv;
    if (!payload.sub || !Number.isSafeInteger(tokenVersion)) return undefined;
    return { id: payload.sub, tokenVersion: tokenVersion as number };
  } catch {
    return undefined;
  }
}
