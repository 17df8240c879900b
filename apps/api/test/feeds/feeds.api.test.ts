import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal } from '../support/tipjar.js';
import { type FeedServer, feedXml, startFeedServer } from './feed-server.js';

/**
 * POST feeds/preview, GET artworks/{id} and the ownership check, over real HTTP against a real feed host
 * on loopback (FEED_ALLOW_LOOPBACK is on outside production), the real mail outbox and database.
 */
let t: TestApp;
let host: FeedServer;
let maker: TestUser;
let ideal: string;
let made = 0;

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp({ FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: 100 }), startFeedServer()]);
  const admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  ideal = await addIdeal(t, admin.token);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

/** A maker orders a tip jar linked to `rssUrl`; `paid`: and pays it (only a paid one may verify its feed). */
async function orderWithFeed(rssUrl: string, options: { artworkId?: string; owner?: TestUser; paid?: boolean } = {}) {
  made += 1;
  const owner = options.owner ?? maker;
  const res = await t.api('POST', '/tipjars', {
    token: owner.token,
    body: {
      data: {
        name: `Feed Pod ${made}`,
        slug: `feed-pod-${made}-${Date.now().toString(36)}`,
        email: 'maker@example.test',
        phoneNumber: '+31612345678',
        rssUrl,
        ...(options.artworkId ? { artworkId: options.artworkId } : {}),
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  if (options.paid) {
    await simulatePayment(t.ctx, res.body.oppTransaction.redirectUrl.split('/').pop(), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
  }
  return { id: res.body.tipjar.id as string, slug: res.body.tipjar.slug as string, res };
}

function codeOf(text: string): string {
  return /: (\d{6})\b/.exec(text)![1]!;
}

async function lastCodeTo(email: string): Promise<string> {
  const mails = (await t.outbox()).filter((m) => m.to === email);
  expect(mails.length, `a mail to ${email}`).toBeGreaterThan(0);
  return codeOf(mails.at(-1)!.text);
}

describe('POST /api/v1/feeds/preview', () => {
  it('refuses a missing or non-http URL (400)', async () => {
    const missing = await t.api('POST', '/feeds/preview', { token: maker.token, body: {} });
    expect(missing.status).toBe(400);
    const ftp = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url: 'ftp://example.test/f' } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.fields.url.key).toBe('feedBadUrl');
  });

  it('answers each failure as a 422 with its field key, the message in the asker’s language', async () => {
    const cases = [
      ['/missing.xml', 'feedNotFound'],
      ['/page.html', 'feedNotAFeed'],
      ['/malformed.xml', 'feedNotAFeed'],
      ['/to-private.xml', 'feedRefusedAddress'],
    ] as const;
    for (const [path, key] of cases) {
      const res = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url: `${host.base}${path}` } });
      expect(res.status, path).toBe(422);
      expect(res.body).toMatchObject({ code: 'FEED_FAILED', fields: { url: { key } } });
    }
    const nl = await t.api('POST', '/feeds/preview', {
      token: maker.token,
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
      body: { url: `${host.base}/missing.xml` },
    });
    expect(nl.body.message).toBe('Op dit adres is niets gevonden');
  });

  it('prefills name, text, website and a free slug, and stores our own resized artwork', async () => {
    const res = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url: `${host.base}/apple.xml` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      feedUrl: `${host.base}/apple.xml`,
      name: 'De Fietspodcast & Vrienden',
      description: 'Elke week fietsen door Nederland.\nMet gasten & verhalen uit het zadel.',
      website: 'https://fietspodcast.example.test/',
      suggestedSlug: 'de-fietspodcast-vrienden',
      language: 'nl',
      hasOwnerEmail: true,
      episodeCount: 3,
    });
    expect(res.body.artworkUrl).toBe(`/api/v1/artworks/${res.body.artworkId}`);
    // Served by us: a JPEG of at most 600 px (the feed's was a 1400 px PNG), cacheable for ever.
    const image = await fetch(`${t.baseUrl}${res.body.artworkUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 600]);
  });

  it('suggests another slug when the title’s is taken', async () => {
    const url = host.serve('taken', feedXml({ title: 'Taken Show' }));
    const first = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url } });
    expect(first.body.suggestedSlug).toBe('taken-show');
    await t.api('POST', '/tipjars', {
      token: maker.token,
      body: {
        data: {
          name: 'Taken Show',
          slug: 'taken-show',
          email: 'maker@example.test',
          phoneNumber: '+31612345678',
          payment: { paymentmethod: ideal, paymentissuer: '' },
        },
      },
    });
    const second = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url } });
    expect(second.body.suggestedSlug).toBe('taken-show-2');
  });

  it('prefills without artwork when the feed’s image is no image', async () => {
    const url = host.serve('bad-art', feedXml({ title: 'Bad Art', artwork: `${host.base}/not-an-image.png` }));
    const res = await t.api('POST', '/feeds/preview', { token: maker.token, body: { url } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Bad Art', artworkId: null, artworkUrl: null });
  });

  it('prefills for a new maker without an account (the order form before registering)', async () => {
    const res = await t.api('POST', '/feeds/preview', { body: { url: `${host.base}/apple.xml` } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: expect.any(String),
      artworkUrl: expect.stringMatching(/^\/api\/v1\/artworks\//),
    });
    expect((await t.api('GET', res.body.artworkUrl.replace('/api/v1', ''))).status).toBe(200);
  });

  it('answers 404 for an unknown artwork', async () => {
    expect((await t.api('GET', '/artworks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('refusing loopback when FEED_ALLOW_LOOPBACK=false (production’s default)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ FEED_ALLOW_LOOPBACK: 'false' });
  });
  afterAll(() => strict.close());

  it('answers 422 feedRefusedAddress for 127.0.0.1 and localhost, and never asks the host', async () => {
    const user = await strict.createUser();
    const before = host.hits.length;
    const port = new URL(host.base).port;
    for (const url of [`http://127.0.0.1:${port}/apple.xml`, `http://localhost:${port}/apple.xml`]) {
      const res = await strict.api('POST', '/feeds/preview', { token: user.token, body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.body.fields.url.key).toBe('feedRefusedAddress');
    }
    expect(host.hits.length).toBe(before);
  });

  it('refuses a private address to an anonymous caller too, and never asks the host', async () => {
    const before = host.hits.length;
    const port = new URL(host.base).port;
    for (const url of [`http://127.0.0.1:${port}/apple.xml`, `http://10.0.0.1:${port}/apple.xml`]) {
      const res = await strict.api('POST', '/feeds/preview', { body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.body.fields.url.key).toBe('feedRefusedAddress');
    }
    expect(host.hits.length).toBe(before);
  });
});

describe('the anonymous feed preview’s rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: 2 });
  });
  afterAll(() => limited.close());

  it('answers 429 JSON past the per-minute limit of an anonymous client', async () => {
    const url = `${host.base}/apple.xml`;
    for (let i = 0; i < 2; i++)
      expect((await limited.api('POST', '/feeds/preview', { body: { url } })).status).toBe(200);
    const over = await limited.api('POST', '/feeds/preview', { body: { url } });
    expect(over.status).toBe(429);
    expect(over.headers.get('content-type')).toMatch(/application\/json/);
    expect(over.body.code).toBe('RATE_LIMITED');
  });
});

describe('a tip jar with a feed', () => {
  it('stores the feed and our artwork with the order; the storefront shows our artwork, not yet verified', async () => {
    const preview = await t.api('POST', '/feeds/preview', {
      token: maker.token,
      body: { url: `${host.base}/apple.xml` },
    });
    const { slug, res } = await orderWithFeed(`${host.base}/apple.xml`, { artworkId: preview.body.artworkId });
    expect(res.body.tipjar).toMatchObject({
      rssUrl: `${host.base}/apple.xml`,
      artworkId: preview.body.artworkId,
      artworkUrl: preview.body.artworkUrl,
      feedVerified: false,
    });
    await simulatePayment(t.ctx, res.body.oppTransaction.redirectUrl.split('/').pop(), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const page = await fetch(`${t.baseUrl}/api/v1/tipjars?slug=${slug}`);
    expect((await page.json()).data[0]).toMatchObject({ artworkUrl: preview.body.artworkUrl, feedVerified: false });
  });

  it('refuses an artworkId that names no artwork (400)', async () => {
    const res = await t.api('POST', '/tipjars', {
      token: maker.token,
      body: {
        data: {
          name: 'No Art',
          slug: `no-art-${Date.now().toString(36)}`,
          email: 'maker@example.test',
          phoneNumber: '+31612345678',
          artworkId: '00000000-0000-4000-8000-000000000000',
          payment: { paymentmethod: ideal, paymentissuer: '' },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.artworkId'].key).toBe('invalid');
  });
});

describe('POST /api/v1/tipjars/{id}/feed/verification and /confirm', () => {
  it('is only for the tip jar’s admins (401 anonymous, 404 for a stranger)', async () => {
    const { id } = await orderWithFeed(host.serve('private-check', feedXml({ title: 'P', owner: 'p@example.test' })));
    expect((await t.api('POST', `/tipjars/${id}/feed/verification`)).status).toBe(401);
    const stranger = await t.createUser();
    expect((await t.api('POST', `/tipjars/${id}/feed/verification`, { token: stranger.token })).status).toBe(404);
    const confirm = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
      token: stranger.token,
      body: { code: '123456' },
    });
    expect(confirm.status).toBe(404);
  });

  it('mails a code to the feed’s owner; a wrong code fails, the right one marks the tip jar verified', async () => {
    const owner = 'owner-1@fiets.example.test';
    const { id, slug, res } = await orderWithFeed(host.serve('verify-1', feedXml({ title: 'Verify One', owner })));
    await simulatePayment(t.ctx, res.body.oppTransaction.redirectUrl.split('/').pop(), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const started = await t.api('POST', `/tipjars/${id}/feed/verification`, { token: maker.token });
    expect(started.status, started.text).toBe(200);
    expect(started.body.sentTo).toBe('o***1@fiets.example.test');
    const mails = (await t.outbox()).filter((m) => m.to === owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Verify One');
    const code = codeOf(mails[0]!.text);
    // The code is stored hashed only.
    const stored = JSON.stringify(await t.database.db.execute(sql`select * from feed_verifications`));
    expect(stored).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
      token: maker.token,
      body: { code: wrong },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.code.key).toBe('codeWrong');

    const good = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
      token: maker.token,
      body: { code },
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body.feedVerified).toBe(true);
    const page = await fetch(`${t.baseUrl}/api/v1/tipjars?slug=${slug}`);
    expect((await page.json()).data[0].feedVerified).toBe(true);
    // A code works once.
    const again = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
      token: maker.token,
      body: { code },
    });
    expect(again.body.fields.code.key).toBe('codeExpired');

    // Another feed is not the verified one: the mark goes.
    const changed = await t.api('PUT', `/tipjars/${id}`, {
      token: maker.token,
      body: { data: { rssUrl: host.serve('other', feedXml({ title: 'Other', owner })) } },
    });
    expect(changed.body.feedVerified).toBe(false);
  });

  it('allows 5 tries per code, then the code is void', async () => {
    const owner = 'owner-2@example.test';
    const { id } = await orderWithFeed(host.serve('verify-2', feedXml({ title: 'Verify Two', owner })), {
      paid: true,
    });
    await t.api('POST', `/tipjars/${id}/feed/verification`, { token: maker.token });
    const code = await lastCodeTo(owner);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
        token: maker.token,
        body: { code: wrong },
      });
      expect(res.body.fields.code.key, `try ${i + 1}`).toBe('codeWrong');
    }
    const late = await t.api('POST', `/tipjars/${id}/feed/verification/confirm`, {
      token: maker.token,
      body: { code },
    });
    expect(late.status).toBe(400);
    expect(late.body.fields.code.key).toBe('codeExpired');
  });

  it('answers 422 FEED_NO_OWNER_EMAIL for a feed without an owner address', async () => {
    const { id } = await orderWithFeed(host.serve('no-owner', feedXml({ title: 'No Owner' })), { paid: true });
    const res = await t.api('POST', `/tipjars/${id}/feed/verification`, { token: maker.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'FEED_NO_OWNER_EMAIL', fields: { rssUrl: { key: 'feedNoOwnerEmail' } } });
  });

  it('lets only one of two tip jars verify one feed, when both confirm at once', async () => {
    const owner = 'race@example.test';
    const url = host.serve('race', feedXml({ title: 'Race', owner }));
    const other = await t.createUser();
    const a = await orderWithFeed(url, { paid: true });
    // The same feed, written differently (a trailing slash, a fragment): one feed all the same.
    const b = await orderWithFeed(`${url}/#latest`, { owner: other, paid: true });
    await t.api('POST', `/tipjars/${a.id}/feed/verification`, { token: maker.token });
    const codeA = await lastCodeTo(owner);
    await t.api('POST', `/tipjars/${b.id}/feed/verification`, { token: other.token });
    const codeB = await lastCodeTo(owner);
    const answers = await Promise.all([
      t.api('POST', `/tipjars/${a.id}/feed/verification/confirm`, { token: maker.token, body: { code: codeA } }),
      t.api('POST', `/tipjars/${b.id}/feed/verification/confirm`, { token: other.token, body: { code: codeB } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('FEED_ALREADY_VERIFIED');
    // And a new code for the loser is refused up front.
    const loser = answers[0]!.status === 409 ? { id: a.id, token: maker.token } : { id: b.id, token: other.token };
    const retry = await t.api('POST', `/tipjars/${loser.id}/feed/verification`, { token: loser.token });
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('FEED_ALREADY_VERIFIED');
  });
});
