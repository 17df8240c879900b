import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { isAllowedAddress } from '../../src/modules/feeds/feeds.addresses.js';
import { type FeedServer, startFeedServer } from '../feeds/feed-server.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Issue 33, item 12: the guard on the addresses our server fetches (a maker's feed, its artwork) let the
 * IPv4-compatible IPv6 form through (`::127.0.0.1`, written `::7f00:1` too: an IPv4 address in the low
 * 32 bits of an otherwise zero IPv6 address), and production started with FEED_ALLOW_LOOPBACK=true,
 * which lets a stranger's feed address reach the server's own loopback services.
 */
let t: TestApp;
let host: FeedServer;
let maker: TestUser;

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp({ FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: 100 }), startFeedServer()]);
  maker = await t.createUser();
});
afterAll(async () => {
  await t.close();
  await host.close();
});

describe('the IPv4-compatible IPv6 form (::a.b.c.d)', () => {
  it('is refused as a feed address, whether written dotted or in hex, and the host is never asked', async () => {
    const port = new URL(host.base).port;
    const before = host.hits.length;
    for (const literal of ['[::127.0.0.1]', '[::7f00:1]', '[0:0:0:0:0:0:a00:1]', '[::169.254.169.254]']) {
      const url = `http://${literal}:${port}/apple.xml`;
      const res = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.body.fields.url.key, url).toBe('feedRefusedAddress');
    }
    expect(host.hits.length).toBe(before);
  });

  it('is refused wherever an address is checked (a name resolving to it), loopback allowed or not', () => {
    for (const address of ['::127.0.0.1', '::7f00:1', '::a00:1', '::8.8.8.8', '::c0a8:101']) {
      expect(isAllowedAddress(address, true), address).toBe(false);
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    // What stays as it was: ::1 under FEED_ALLOW_LOOPBACK, a public IPv4 (also IPv4-mapped) and IPv6 address.
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::1', false)).toBe(false);
    expect(isAllowedAddress('::ffff:8.8.8.8', false)).toBe(true);
    expect(isAllowedAddress('8.8.8.8', false)).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001:80b::200e', false)).toBe(true);
  });
});

describe('FEED_ALLOW_LOOPBACK in production', () => {
  it('stops the start with a message naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, FEED_ALLOW_LOOPBACK: 'true' })).toThrow(
      /Podpot will not start in production:[\s\S]*FEED_ALLOW_LOOPBACK is set: production never fetches feeds from its own loopback/,
    );
  });

  it('is off by default and may be written off', () => {
    expect(loadConfig({ ...PRODUCTION_ENV }).feedAllowLoopback).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, FEED_ALLOW_LOOPBACK: 'false' }).feedAllowLoopback).toBe(false);
  });
});
