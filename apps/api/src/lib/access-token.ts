import type { TokenResponse } from '@podpot/domain';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Our bearer tokens: HS256 JWTs that name the user (role and existence are read per request) and carry
 * the user's token version (`tv`). A password change or reset raises the version, so every token
 * issued before is refused from then on. Plain functions of the secret, so services, the auth plugin
 * and tests share one definition.
 */
const ISSUER = 'podpot';

/** Who a token is for: the user and their token version when it was issued. */
export interface TokenSubject {
  id: string;
  tokenVersion: number;
}

export async function signAccessToken(
  config: { JWT_SECRET: string; ACCESS_TOKEN_TTL_SECONDS: number },
  user: TokenSubject,
): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ tv: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(new TextEncoder().encode(config.JWT_SECRET));
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
 * The user and token version a valid, unexpired token names; throws on anything else. A token from
 * before the version claim counts as version 0, so it dies with the first password change.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenSubject> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
    issuer: ISSUER,
    algorithms: ['HS256'],
  });
  if (!payload.sub) throw new Error('token names no user');
  const tokenVersion = payload.tv ?? 0;
  if (!Number.isSafeInteger(tokenVersion) || (tokenVersion as number) < 0) throw new Error('bad token version');
  return { id: payload.sub, tokenVersion: tokenVersion as number };
}
