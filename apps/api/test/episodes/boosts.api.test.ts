import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EpisodeJar, jarWithEpisodes } from '../support/episode-jar.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal } from '../support/tipjar.js';
import { type EpisodeFeedHost, startEpisodeFeedHost } from './episode-feed.js';

/**
 * Episode boosts (issue 41 part 5, decision 097), over real HTTP with the simulator and the mail
 * outbox: a paid episode tip "read on air at 12:34" shows in the maker's read-on-air list as 754
 * seconds, ordered by moment; unpaid ones do not; the done tick; another maker gets nothing; bad input
 * is a 422 with the field; the receipt names the moment.
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
      message: 'Groeten aan de luisteraars!',
      email: 'lotte@example.test',
      payment: { paymentmethod: ideal, paymentissuer: '' },
      locale: 'en',
      ...overrides,
    },
  };
}

async function tip(jarId: string, overrides: Record<string, unknown>, outcome?: 'completed' | 'cancelled') {
  const res = await t.api('POST', `/tipjars/${jarId}/tips`, { body: tipBody(overrides) });
  expect(res.status, res.text).toBe(201);
  if (outcome) {
    await simulatePayment(t.ctx, String(res.body.oppTransaction.redirectUrl).split('/').pop()!, outcome);
    await awaitSimulatorDeliveries(t.ctx);
  }
  return res.body.tip.id as string;
}

const boostsPath = (j: EpisodeJar, title: string) => `/tipjars/${j.id}/episodes/${j.episodes.get(title)}/boosts`;

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 }), startEpisodeFeedHost()]);
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await jarWithEpisodes(t, host, ideal, 'Boost-Pod', [
    { guid: 'long', title: 'The Long One', number: 7, date: '2026-02-01T06:00:00Z', duration: '01:05:00' },
    { guid: 'short', title: 'The Short One', number: 6, date: '2026-01-25T06:00:00Z', duration: '00:10:00' },
  ]);
  other = await jarWithEpisodes(t, host, ideal, 'Boost-Other', [
    { guid: 'o1', title: 'Other One', number: 1, duration: '00:30:00' },
  ]);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

describe('episode boosts', () => {
  const long = () => jar.episodes.get('The Long One')!;

  it('lists paid boosts by moment (none last) with the moment in seconds; unpaid and plain tips stay out', async () => {
    const at1234 = await tip(
      jar.id,
      { episodeId: long(), readOnAir: true, boostMoment: 754, email: 'a@example.test' },
      'completed',
    );
    const first = await tip(
      jar.id,
      { episodeId: long(), readOnAir: true, boostMoment: 61, displayName: 'Early', message: 'Vroeg' },
      'completed',
    );
    const none = await tip(
      jar.id,
      { episodeId: long(), readOnAir: true, privacy: 'ANONYMOUS', displayName: '', message: 'Zonder moment' },
      'completed',
    );
    await tip(jar.id, { episodeId: long(), readOnAir: true, boostMoment: 10, message: 'Nooit betaald' }, 'cancelled');
    await tip(jar.id, { episodeId: long(), readOnAir: true, boostMoment: 20, message: 'Nog open' });
    await tip(jar.id, { episodeId: long(), message: 'Geen boost' }, 'completed');

    const res = await t.api('GET', boostsPath(jar, 'The Long One'), { token: jar.maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.episode).toEqual({ id: long(), title: 'The Long One', number: 7 });
    expect(res.body.boosts.map((b: { id: string }) => b.id)).toEqual([first, at1234, none]);
    expect(res.body.boosts[1]).toMatchObject({
      moment: 754,
      displayName: 'Lotte',
      message: 'Groeten aan de luisteraars!',
      amount: 500,
      readAt: null,
    });
    // An anonymous boost: no name, as in the maker's tips list.
    expect(res.body.boosts[2]).toMatchObject({ moment: null, displayName: null, privacy: 'ANONYMOUS' });

    // The Episodes page's count: three paid boosts, all still to read.
    const stats = await t.api('GET', `/tipjars/${jar.id}/episodes/statistics`, { token: jar.maker.token });
    const row = stats.body.rows.find((r: { episode: { id: string } | null }) => r.episode?.id === long());
    expect(row.boosts).toEqual({ count: 3, open: 3 });
  });

  it('ticks a boost done and back; only a paid boost of this tip jar', async () => {
    const id = await tip(jar.id, { episodeId: long(), readOnAir: true, boostMoment: 300 }, 'completed');
    const done = await t.api('PUT', `/tipjars/${jar.id}/boosts/${id}`, {
      token: jar.maker.token,
      body: { data: { read: true } },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body.readAt).toEqual(expect.any(String));
    const again = await t.api('PUT', `/tipjars/${jar.id}/boosts/${id}`, {
      token: jar.maker.token,
      body: { data: { read: true } },
    });
    expect(again.body.readAt).toBe(done.body.readAt);
    const list = await t.api('GET', boostsPath(jar, 'The Long One'), { token: jar.maker.token });
    expect(list.body.boosts.find((b: { id: string }) => b.id === id).readAt).toBe(done.body.readAt);
    const undone = await t.api('PUT', `/tipjars/${jar.id}/boosts/${id}`, {
      token: admin.token,
      body: { data: { read: false } },
    });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.readAt).toBeNull();

    // A plain tip, an unpaid boost, another tip jar's boost: 404.
    const plain = await tip(jar.id, { episodeId: long() }, 'completed');
    const unpaid = await tip(jar.id, { episodeId: long(), readOnAir: true });
    const theirs = await tip(other.id, { episodeId: other.episodes.get('Other One'), readOnAir: true }, 'completed');
    for (const tipId of [plain, unpaid, theirs]) {
      const res = await t.api('PUT', `/tipjars/${jar.id}/boosts/${tipId}`, {
        token: jar.maker.token,
        body: { data: { read: true } },
      });
      expect(res.status, res.text).toBe(404);
    }
  });

  it("never shows one tip jar's boosts to another tip jar's maker", async () => {
    const id = await tip(jar.id, { episodeId: long(), readOnAir: true, boostMoment: 5 }, 'completed');
    const read = await t.api('GET', boostsPath(jar, 'The Long One'), { token: other.maker.token });
    expect(read.status).toBe(404);
    expect(read.text).not.toContain('Groeten');
    const tick = await t.api('PUT', `/tipjars/${jar.id}/boosts/${id}`, {
      token: other.maker.token,
      body: { data: { read: true } },
    });
    expect(tick.status).toBe(404);
    // Their own tip jar with our episode id: no such episode there.
    const mixed = await t.api('GET', `/tipjars/${other.id}/episodes/${long()}/boosts`, { token: other.maker.token });
    expect(mixed.status).toBe(404);
    // Their own tip jar with our tip: not theirs to tick.
    const ours = await t.api('PUT', `/tipjars/${other.id}/boosts/${id}`, {
      token: other.maker.token,
      body: { data: { read: true } },
    });
    expect(ours.status).toBe(404);
    expect((await t.api('GET', boostsPath(jar, 'The Long One'))).status).toBe(401);
  });

  it('refuses a boost against its rules with a 422 BOOST_INVALID naming the field', async () => {
    const short = jar.episodes.get('The Short One')!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ boostMoment: 754, readOnAir: true }, 'data.readOnAir', 'boostNeedsEpisode'],
      [{ boostMoment: 754 }, 'data.boostMoment', 'boostNeedsEpisode'],
      [{ readOnAir: true }, 'data.readOnAir', 'boostNeedsEpisode'],
      [{ episodeId: long(), boostMoment: 754 }, 'data.boostMoment', 'boostNeedsReadOnAir'],
      [{ episodeId: short, readOnAir: true, boostMoment: 754 }, 'data.boostMoment', 'boostAfterEnd'],
      [{ episodeId: long(), readOnAir: true, message: '  ' }, 'data.message', 'required'],
    ];
    for (const [overrides, field, key] of cases) {
      const res = await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody(overrides) });
      expect(res.status, `${JSON.stringify(overrides)} ${res.text}`).toBe(422);
      expect(res.body.code).toBe('BOOST_INVALID');
      expect(res.body.fields?.[field]?.key, res.text).toBe(key);
    }
    const after = await t.api('POST', `/tipjars/${jar.id}/tips`, {
      body: tipBody({ episodeId: short, readOnAir: true, boostMoment: 754 }),
    });
    expect(after.body.fields['data.boostMoment'].params).toEqual({ duration: '10:00' });
    // A value of the wrong kind or range is bad input (400 VALIDATION, as for every field): a negative,
    // broken or too late moment, the form's text instead of seconds, a NUL.
    for (const bad of [-1, 1.5, 86_401, '12:34', '12:34\u0000', null, { s: 1 }, '754']) {
      const res = await t.api('POST', `/tipjars/${jar.id}/tips`, {
        body: tipBody({ episodeId: long(), readOnAir: true, boostMoment: bad }),
      });
      expect(res.status, `${JSON.stringify(bad)} ${res.text}`).toBe(400);
      expect(res.body.fields?.['data.boostMoment'], res.text).toBeTruthy();
    }
    for (const bad of ['yes', 1, null]) {
      const res = await t.api('POST', `/tipjars/${jar.id}/tips`, {
        body: tipBody({ episodeId: long(), readOnAir: bad }),
      });
      expect(res.status, `${JSON.stringify(bad)} ${res.text}`).toBe(400);
    }
    // A NUL in the message of a boost: refused like any message's.
    const nul = await t.api('POST', `/tipjars/${jar.id}/tips`, {
      body: tipBody({ episodeId: long(), readOnAir: true, message: 'hoi\u0000' }),
    });
    expect(nul.status, nul.text).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    // Bad ids in the paths: 400, never 500.
    for (const path of [
      `/tipjars/${jar.id}/episodes/not-a-uuid/boosts`,
      `/tipjars/${jar.id}/episodes/${long()}%00/boosts`,
    ]) {
      expect((await t.api('GET', path, { token: jar.maker.token })).status, path).toBe(400);
    }
    const badTick = await t.api('PUT', `/tipjars/${jar.id}/boosts/${long()}`, {
      token: jar.maker.token,
      body: { data: { read: 'yes' } },
    });
    expect(badTick.status, badTick.text).toBe(400);
  });

  it('names the moment in the receipt, in the tipper’s language', async () => {
    await tip(
      jar.id,
      { episodeId: long(), readOnAir: true, boostMoment: 754, email: 'boost-en@example.test' },
      'completed',
    );
    await tip(
      jar.id,
      { episodeId: long(), readOnAir: true, boostMoment: 3723, email: 'boost-nl@example.test', locale: 'nl' },
      'completed',
    );
    const mails = await t.outbox();
    expect(mails.find((m) => m.to === 'boost-en@example.test')!.text).toContain('at 12:34 in The Long One');
    expect(mails.find((m) => m.to === 'boost-nl@example.test')!.text).toContain('bij 1:02:03 in The Long One');
  });
});
