import { jwtVerify, SignJWT } from 'jose';

/**
 * Our bearer tokens: HS256 JWTs that name the user only (role and existence are read per request).
 * Plain functions of the secret, so services, the auth plugin and tests share one definition.
 */
const ISSUER = 'podpot';

export async function signAccessToken(
  config: { JWT_SECRET: string; ACCESS_TOKEN_TTL_SECONDS: number },
  userId: string,
): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(new TextEncoder().encode(config.JWT_SECRET));
  return { token, expiresIn };
}

/** The user id a valid, unexpired token names; throws on anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<string> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
    issuer: ISSUER,
    algorithms: ['HS256'],
  });
  if (!payload.sub) throw new Error('token names no user');
  return payload.sub;
}
