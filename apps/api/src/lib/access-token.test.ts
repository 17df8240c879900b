import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.js';

/** A checked token is remembered, but only for its own secret and only until it expires. */
const secret = 'a-test-secret-that-is-long-enough-0001';
const config = { JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: 60 };

afterEach(() => vi.useRealTimers());

describe('verifyAccessToken', () => {
  it('names the user, version and second step, again and again, until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = await signAccessToken(config, { id: 'user-1', tokenVersion: 2 });
    expect(await verifyAccessToken(secret, token)).toEqual({ id: 'user-1', tokenVersion: 2, twoStep: false });
    expect(await verifyAccessToken(secret, token)).toEqual({ id: 'user-1', tokenVersion: 2, twoStep: false });
    const passed = (await signAccessToken(config, { id: 'user-1', tokenVersion: 2, twoStep: true })).token;
    expect(await verifyAccessToken(secret, passed)).toEqual({ id: 'user-1', tokenVersion: 2, twoStep: true });
    vi.advanceTimersByTime(61_000);
    await expect(verifyAccessToken(secret, token)).rejects.toThrow();
  });

  it('refuses a remembered token under another secret, and a token with a changed signature', async () => {
    const { token } = await signAccessToken(config, { id: 'user-2', tokenVersion: 0 });
    await verifyAccessToken(secret, token);
    await expect(verifyAccessToken('another-secret-that-is-long-enough-0002', token)).rejects.toThrow();
    // A character inside the signature (the last one also carries padding bits).
    const at = token.length - 10;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    await expect(verifyAccessToken(secret, forged)).rejects.toThrow();
  });
});

/** Issue 33 (item 12): a token signed with our secret but not by us (a leak, a tool) is refused without `exp`, or dated ahead. */
describe('verifyAccessToken and the time claims', () => {
  const key = new TextEncoder().encode(secret);
  const base = () =>
    new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('user-3').setIssuer('podpot');

  it('refuses a token without an expiry (it would be good for ever)', async () => {
    const token = await base().setIssuedAt().sign(key);
    await expect(verifyAccessToken(secret, token)).rejects.toThrow();
  });

  it('refuses a token issued more than a minute ahead of our clock, and takes one a few seconds ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ahead = await base()
      .setIssuedAt(now + 3600)
      .setExpirationTime(now + 7200)
      .sign(key);
    await expect(verifyAccessToken(secret, ahead)).rejects.toThrow();
    const skewed = await base()
      .setIssuedAt(now + 5)
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await verifyAccessToken(secret, skewed)).toEqual({ id: 'user-3', tokenVersion: 0, twoStep: false });
  });

  it('refuses a token without an issue time', async () => {
    const token = await base()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(key);
    await expect(verifyAccessToken(secret, token)).rejects.toThrow();
  });
});
