import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, tips } from '../../src/db/schema/index.js';
import { refreshFeeds } from '../../src/modules/episodes/episodes.refresh.js';
import { type EpisodeJar, jarWithEpisodes } from '../support/episode-jar.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal } from '../support/tipjar.js';
import { type EpisodeFeedHost, episodeFeedXml, startEpisodeFeedHost } from './episode-feed.js';

/**
 * Tips per episode (decision 034), over real HTTP with the real simulator and mail outbox: the episode
 * tip page, a tip that names an episode (422 for another tip jar's), the tip list and its filter, the
 * receipt, the CSV export, the per-episode statistics (to the cent) and the per-episode share files.
 */
let t: TestApp;
let host: EpisodeFeedHost;
let admin: TestUser;
let ideal: string;

let jar: EpisodeJar;
let other: EpisodeJar;

function tipBody(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      amount: 500,
      displayName: 'Lotte',
      message: '',
      email: 'lotte@example.test',
      payment: { paymentmethod: ideal, paymentissuer: '' },
      locale: 'en',
      ...overrides,
    },
  };
}

/** Gives a tip and pays it (or not) on the simulator's checkout. */
async function paidTip(
  jarId: string,
  overrides: Record<string, unknown>,
  outcome: 'completed' | 'cancelled' = 'completed',
) {
  const res = await t.api('POST', `/tipjars/${jarId}/tips`, { body: tipBody(overrides) });
  expect(res.status, res.text).toBe(201);
  await simulatePayment(t.ctx, String(res.body.oppTransaction.redirectUrl).split('/').pop()!, outcome);
  await awaitSimulatorDeliveries(t.ctx);
  return res.body.tip.id as string;
}

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 }), startEpisodeFeedHost()]);
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await jarWithEpisodes(t, host, ideal, 'Ep-Tips', [
    { guid: 'e42', title: 'The Answer', number: 42, date: '2026-02-01T06:00:00Z' },
    { guid: 'e41', title: 'Almost', number: 41, date: '2026-01-25T06:00:00Z' },
    { guid: 'bonus', title: 'Bonus and more', date: '2026-01-20T06:00:00Z' },
  ]);
  other = await jarWithEpisodes(t, host, ideal, 'Ep-Other', [{ guid: 'o1', title: 'Other One', number: 1 }]);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

describe('GET /api/v1/tipjars/slug/{slug}/e/{episodeId}', () => {
  it('answers a LIVE tip jar’s own episode to anyone', async () => {
    const res = await t.api('GET', `/tipjars/slug/${jar.slug}/e/${jar.episodes.get('The Answer')}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      episode: {
        id: jar.episodes.get('The Answer'),
        title: 'The Answer',
        number: 42,
        season: null,
        publishedAt: '2026-02-01T06:00:00.000Z',
        link: null,
        duration: 600,
      },
    });
  });

  it('answers 404 JSON for another tip jar’s episode, an unknown id, a non-uuid and a tip jar that is not LIVE', async () => {
    const cases = [
      `/tipjars/slug/${jar.slug}/e/${other.episodes.get('Other One')}`,
      `/tipjars/slug/${jar.slug}/e/00000000-0000-4000-8000-000000000000`,
      `/tipjars/slug/${jar.slug}/e/not-a-uuid`,
      `/tipjars/slug/no-such-jar-here/e/${jar.episodes.get('The Answer')}`,
    ];
    for (const path of cases) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe('NOT_FOUND');
    }
    // A tip jar that stops being LIVE takes its episode pages along.
    const suspended = await jarWithEpisodes(t, host, ideal, 'Ep-Suspended', [{ guid: 's', title: 'Suspended One' }]);
    const path = `/tipjars/slug/${suspended.slug}/e/${suspended.episodes.get('Suspended One')}`;
    expect((await t.api('GET', path)).status).toBe(200);
    const put = await t.api('PUT', `/tipjars/${suspended.id}`, {
      token: admin.token,
      body: { data: { status: 'SUSPENDED' } },
    });
    expect(put.status, put.text).toBe(200);
    expect((await t.api('GET', path)).status).toBe(404);
  });
});

describe('a tip for an episode', () => {
  it('refuses another tip jar’s episode or an unknown one (422 episodeUnknown) and a malformed id (400)', async () => {
    for (const episodeId of [other.episodes.get('Other One'), '00000000-0000-4000-8000-000000000000']) {
      const res = await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody({ episodeId }) });
      expect(res.status, res.text).toBe(422);
      expect(res.body).toMatchObject({
        code: 'EPISODE_UNKNOWN',
        fields: { 'data.episodeId': { key: 'episodeUnknown' } },
      });
    }
    const bad = await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody({ episodeId: 'x' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields['data.episodeId'].key).toBe('episodeUnknown');
  });

  it('stores it: the tip, the list (and its filter), the receipt and the CSV name the episode', async () => {
    const episodeId = jar.episodes.get('The Answer')!;
    const email = `episode-${Date.now()}@example.test`;
    const tipId = await paidTip(jar.id, { episodeId, email, amount: 750 });
    const [row] = await t.database.db.select().from(tips).where(eq(tips.id, tipId));
    expect(row!.episodeId).toBe(episodeId);

    const one = await t.api('GET', `/tipjars/${jar.id}/tips/${tipId}`, { token: jar.maker.token });
    expect(one.body.episode).toEqual({ id: episodeId, title: 'The Answer', number: 42 });
    const list = await t.api('GET', `/tipjars/${jar.id}/tips?episodeId=${episodeId}`, { token: jar.maker.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((tip: { id: string }) => tip.id)).toContain(tipId);
    expect(list.body.data.every((tip: { episode: { id: string } }) => tip.episode.id === episodeId)).toBe(true);
    expect(list.body.metadata.count).toBe(list.body.data.length);
    // A tip without an episode says so.
    const plain = await paidTip(jar.id, { email });
    expect(
      (await t.api('GET', `/tipjars/${jar.id}/tips/${plain}`, { token: jar.maker.token })).body.episode,
    ).toBeNull();
    const admins = await t.api('GET', `/tips/${tipId}`, { token: admin.token });
    expect(admins.body.episode).toEqual({ id: episodeId, title: 'The Answer', number: 42 });

    const receipts = (await t.outbox()).filter((m) => m.to === email);
    expect(receipts).toHaveLength(2);
    expect(receipts.filter((m) => m.text.includes('For episode 42: The Answer'))).toHaveLength(1);

    const nl = `episode-nl-${Date.now()}@example.test`;
    await paidTip(jar.id, { episodeId, email: nl, locale: 'nl' });
    expect((await t.outbox()).find((m) => m.to === nl)!.text).toContain('Voor aflevering 42: The Answer');

    // The CSV (platform admins): an episode column, "number: title", empty without one.
    const csv = await fetch(`${t.baseUrl}/api/v1/tips/export?tipjarId=${jar.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]!.split(',').at(-1)).toBe('episode');
    expect(lines.find((l) => l.startsWith(tipId))!.endsWith(',42: The Answer')).toBe(true);
    expect(lines.find((l) => l.startsWith(plain))!.endsWith(',')).toBe(true);
  });

  it('keeps the episode’s title on the tip when the feed drops the episode', async () => {
    const episodeId = jar.episodes.get('Almost')!;
    const tipId = await paidTip(jar.id, { episodeId });
    host.set(
      'ep-tips',
      episodeFeedXml([
        { guid: 'e42', title: 'The Answer', number: 42, date: '2026-02-01T06:00:00Z' },
        { guid: 'bonus', title: 'Bonus and more', date: '2026-01-20T06:00:00Z' },
      ]),
    );
    await t.api('PUT', `/tipjars/${jar.id}`, {
      token: jar.maker.token,
      body: { data: { rssUrl: `${host.base}/ep-tips.xml` } },
    });
    expect(await refreshFeeds(t.ctx, { tipjarId: jar.id })).toMatchObject({ read: 1, changed: 1 });
    expect((await t.api('GET', `/tipjars/slug/${jar.slug}/e/${episodeId}`)).status).toBe(404);
    const one = await t.api('GET', `/tipjars/${jar.id}/tips/${tipId}`, { token: jar.maker.token });
    expect(one.body.episode).toEqual({ id: episodeId, title: 'Almost', number: 41 });
    // And no new tip for it.
    expect((await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody({ episodeId }) })).status).toBe(422);
  });
});

describe('GET /api/v1/tipjars/{id}/episodes/statistics', () => {
  it('counts paid tips per episode to the cent (refunds taken off), newest episode first, the no-episode row last', async () => {
    const fresh = await jarWithEpisodes(t, host, ideal, 'Ep-Stats', [
      { guid: 'n3', title: 'Three', number: 3, date: '2026-03-03T06:00:00Z' },
      { guid: 'n2', title: 'Two', number: 2, date: '2026-03-02T06:00:00Z' },
      { guid: 'n1', title: 'One', number: 1, date: '2026-03-01T06:00:00Z' },
    ]);
    const three = fresh.episodes.get('Three')!;
    const two = fresh.episodes.get('Two')!;
    await paidTip(fresh.id, { episodeId: three, amount: 500 });
    const refunded = await paidTip(fresh.id, { episodeId: three, amount: 1000 });
    await paidTip(fresh.id, { episodeId: three, amount: 400 }, 'cancelled');
    await paidTip(fresh.id, { episodeId: two, amount: 300 });
    await paidTip(fresh.id, { amount: 700 });
    const refund = await t.api('POST', `/tips/${refunded}/refunds`, {
      token: admin.token,
      body: { data: { amount: 250, reason: 'Half by mistake' } },
    });
    expect(refund.status, refund.text).toBe(201);

    const res = await t.api('GET', `/tipjars/${fresh.id}/episodes/statistics`, { token: fresh.maker.token });
    expect(res.status, res.text).toBe(200);
    // The same figures from the tips themselves.
    const list = await t.api('GET', `/tipjars/${fresh.id}/tips?limit=100`, { token: fresh.maker.token });
    type ListedTip = {
      status: string;
      amount: number;
      fee: number;
      refundedAmount: number;
      refundedFee: number;
      episode: { id: string } | null;
    };
    const paid = (list.body.data as ListedTip[]).filter((tip) => tip.status !== 'cancelled');
    const figures = (of: string | null) => {
      const mine = paid.filter((tip) => (tip.episode?.id ?? null) === of);
      const gross = mine.reduce((s, tip) => s + tip.amount - tip.refundedAmount, 0);
      const fees = mine.reduce((s, tip) => s + tip.fee - tip.refundedFee, 0);
      return { count: mine.length, gross, net: gross - fees };
    };
    // No boosts among them (decision 097): each episode row says so; the no-episode row has none.
    const noBoosts = { boosts: { count: 0, open: 0 } };
    expect(res.body.rows).toEqual([
      {
        episode: { id: three, title: 'Three', number: 3, publishedAt: '2026-03-03T06:00:00.000Z' },
        ...figures(three),
        ...noBoosts,
      },
      {
        episode: { id: two, title: 'Two', number: 2, publishedAt: '2026-03-02T06:00:00.000Z' },
        ...figures(two),
        ...noBoosts,
      },
      {
        episode: { id: fresh.episodes.get('One'), title: 'One', number: 1, publishedAt: '2026-03-01T06:00:00.000Z' },
        count: 0,
        gross: 0,
        net: 0,
        ...noBoosts,
      },
      { episode: null, ...figures(null) },
    ]);
    expect(res.body.rows[0]).toMatchObject({ count: 2, gross: 1250 });
  });

  it('is for the tip jar’s admins and platform admins only', async () => {
    const stranger = await t.createUser();
    expect((await t.api('GET', `/tipjars/${jar.id}/episodes/statistics`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jar.id}/episodes/statistics`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/episodes/statistics`, { token: admin.token })).status).toBe(200);
  });
});

describe('share files of an episode', () => {
  it('answers the badge, the QR codes and the poster of an episode; 404 for an unknown one', async () => {
    const episodeId = jar.episodes.get('The Answer')!;
    const base = `${t.baseUrl}/api/v1/tipjars/slug/${jar.slug}`;
    const whole = await fetch(`${base}/qr.svg`);
    for (const name of ['badge.svg', 'qr.svg', 'qr.png?size=512', 'poster.pdf?lang=nl']) {
      const res = await fetch(`${base}/e/${episodeId}/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-disposition'), name).toContain(`${jar.slug}-e42`);
      await res.arrayBuffer();
    }
    const qr = await fetch(`${base}/e/${episodeId}/qr.svg`);
    expect(qr.headers.get('etag')).not.toBe(whole.headers.get('etag'));
    await qr.arrayBuffer();
    await whole.arrayBuffer();
    for (const id of [other.episodes.get('Other One'), 'nope']) {
      const res = await fetch(`${base}/e/${id}/badge.svg`);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('draws the tip jar’s stored artwork on the poster; the artwork joins the ETag', async () => {
    const url = `${t.baseUrl}/api/v1/tipjars/slug/${jar.slug}/e/${jar.episodes.get('The Answer')}/poster.pdf`;
    const before = await fetch(url);
    const plain = Buffer.from(await before.arrayBuffer());
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#4e8381' } })
      .jpeg()
      .toBuffer();
    const [art] = await t.database.db
      .insert(artworks)
      .values({ contentType: 'image/jpeg', width: 600, height: 600, bytes: image })
      .returning({ id: artworks.id });
    const put = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: jar.maker.token,
      body: { data: { artworkId: art!.id } },
    });
    expect(put.status, put.text).toBe(200);
    const after = await fetch(url);
    const drawn = Buffer.from(await after.arrayBuffer());
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(drawn.length).toBeGreaterThan(plain.length + 1000);
  });
});
