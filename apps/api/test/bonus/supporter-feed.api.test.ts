import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTipCharges, recurringTips } from '../../src/db/schema/index.js';
import { parseFeed } from '../../src/modules/feeds/feeds.parser.js';
import { manageLinkOf, signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import { onChargePayment, recordDebitFailure } from '../../src/modules/recurring-tips/recurring-tips.outcomes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { addLevel, type FeedWorld, feedWorld, get, myFeed, payingSupporter, publishEpisode } from './bonus-support.js';

/**
 * The private supporter feed as a podcast app and its supporter see it (issue 40, decision 090): a
 * valid RSS feed of the episodes their level may hear, the one "ended" item when the tip ends (each
 * way it can), open again when it resumes, and nothing for a wrong, rotated or other jar's token.
 */
let t: TestApp;
let w: FeedWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await feedWorld(t);
});
afterAll(() => t.close());

async function feedText(url: string) {
  const res = await get(t, url);
  expect(res.status).toBe(200);
  return { res, xml: await res.text() };
}

describe('an open feed', () => {
  it('is RSS 2.0 with the iTunes and podcast namespaces, private, listing the published episodes the level hears', async () => {
    const w2 = await feedWorld(t);
    const gold = await addLevel(w2, 1000, false);
    await addLevel(w2, 300, true);
    const heard = await publishEpisode(w2, { title: 'Fish & <chips> "extra"' });
    await publishEpisode(w2, { title: 'Gold only', levelId: gold });
    await publishEpisode(w2, { title: 'Tomorrow', publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    await publishEpisode(w2, { title: 'No audio yet' }, null);
    const tipper = await t.createUser();
    const { recurringTipId } = await payingSupporter(w2, tipper, { amount: 500 });

    const feed = await myFeed(t, tipper, recurringTipId);
    expect(feed.state).toBe('open');
    expect(feed.url).toMatch(/^http.*\/feeds\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\.xml$/);
    expect(feed.qrSvg).toContain('<svg');

    const { res, xml } = await feedText(feed.url!);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    expect(xml).toContain('<itunes:block>Yes</itunes:block>');
    expect(xml).toContain('<podcast:locked>yes</podcast:locked>');
    expect(xml).toContain('<itunes:duration>00:02:05</itunes:duration>');
    expect(xml).toContain('Fish &amp; &lt;chips&gt; &quot;extra&quot;');
    expect(xml).toMatch(/<enclosure url="[^"]+\/audio\/[0-9a-f-]{36}\.mp3" length="1000" type="audio\/mpeg"\/>/);

    // Read back with the project's own feed reader: title, locked, exactly the one episode this level hears.
    const parsed = parseFeed(Buffer.from(xml), res.headers.get('content-type'));
    expect(parsed.title).toBe(`${w2.slug} (supporters)`);
    expect(parsed.locked).toBe(true);
    expect(parsed.episodes.map((e) => e.guid)).toEqual([heard]);
    // (The reader drops markup from titles; the escaped text itself is checked above.)
    expect(parsed.episodes[0]!.title).toBe('Fish & "extra"');
    expect(parsed.episodes[0]!.duration).toBe(125);
  });

  it('is none (the .xml answers 404) below the cheapest level that unlocks it, and in Dutch for a Dutch tip', async () => {
    const w2 = await feedWorld(t);
    await addLevel(w2, 1000, true);
    await publishEpisode(w2);
    const low = await t.createUser();
    const lowTip = await payingSupporter(w2, low, { amount: 500 });
    expect(await myFeed(t, low, lowTip.recurringTipId)).toMatchObject({ state: 'none', url: null, qrSvg: null });

    const high = await t.createUser();
    const highTip = await payingSupporter(w2, high, { amount: 1500, locale: 'nl' });
    const feed = await myFeed(t, high, highTip.recurringTipId);
    expect(feed.state).toBe('open');
    expect((await feedText(feed.url!)).xml).toContain('privé');
    // A yearly tip of €120 a year is €10 a month: at the level.
    const yearly = await t.createUser();
    const yearlyTip = await payingSupporter(w2, yearly, { amount: 12_000, interval: 'year' });
    expect((await myFeed(t, yearly, yearlyTip.recurringTipId)).state).toBe('open');
  });
});

describe('when the support ends', () => {
  async function openSupporter() {
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper);
    const feed = await myFeed(t, tipper, tip.recurringTipId);
    expect(feed.state).toBe('open');
    const { xml } = await feedText(feed.url!);
    const audio = /<enclosure url="([^"]+)"/.exec(xml)![1]!;
    expect((await get(t, audio)).status).toBe(200);
    return { tipper, ...tip, url: feed.url!, audio };
  }

  async function expectEnded(s: Awaited<ReturnType<typeof openSupporter>>) {
    expect((await myFeed(t, s.tipper, s.recurringTipId)).state).toBe('ended');
    const { res, xml } = await feedText(s.url);
    const parsed = parseFeed(Buffer.from(xml), res.headers.get('content-type'));
    expect(parsed.episodes).toHaveLength(1);
    expect(parsed.episodes[0]!.title).toBe('Your support has ended — renew here');
    expect(parsed.episodes[0]!.link).toBe(`${t.ctx.config.publicUrl}/${w.slug}`);
    expect(xml).not.toContain('<enclosure');
    expect((await get(t, s.audio)).status).toBe(404);
  }

  async function expectOpenAgain(s: Awaited<ReturnType<typeof openSupporter>>) {
    expect((await myFeed(t, s.tipper, s.recurringTipId)).state).toBe('open');
    expect((await feedText(s.url)).xml).toContain('<enclosure');
    expect((await get(t, s.audio)).status).toBe(200);
  }

  beforeAll(async () => {
    await publishEpisode(w, { title: 'For everyone' });
  });

  it('the tipper cancels: ended', async () => {
    const s = await openSupporter();
    const res = await t.api('PUT', `/user/me/recurringtips/${s.recurringTipId}`, {
      token: s.tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    expect(res.status, res.text).toBe(200);
    await expectEnded(s);
  });

  it('the tipper pauses: ended; resumes: open again', async () => {
    const s = await openSupporter();
    const pause = await t.api('PUT', `/user/me/recurringtips/${s.recurringTipId}`, {
      token: s.tipper.token,
      body: { data: { status: 'paused' } },
    });
    expect(pause.status, pause.text).toBe(200);
    await expectEnded(s);
    const resume = await t.api('PUT', `/user/me/recurringtips/${s.recurringTipId}`, {
      token: s.tipper.token,
      body: { data: { status: 'active' } },
    });
    expect(resume.status, resume.text).toBe(200);
    await expectOpenAgain(s);
  });

  it('the last month is charged back: ended; a new mandate: open again', async () => {
    const s = await openSupporter();
    // The provider reports the chargeback of the transaction that paid the month (as the ledger calls it).
    await t.database.db.transaction(async (tx) => {
      await onChargePayment(
        tx,
        { id: s.paidTransactionId, ownerId: s.chargeId, attempt: 1, request: {} } as never,
        { current: 'chargeback' },
        t.ctx,
      );
    });
    const [charge] = await t.database.db
      .select()
      .from(recurringTipCharges)
      .where(eq(recurringTipCharges.id, s.chargeId));
    expect(charge!.status).toBe('chargeback');
    await expectEnded(s);
    // The tipper's mandate retry went through (what its completed first payment leaves).
    await t.database.db
      .update(recurringTips)
      .set({ mandateStatus: 'valid' })
      .where(eq(recurringTips.id, s.recurringTipId));
    await expectOpenAgain(s);
  });

  it('dunning gives up (the last try of a month failed): ended', async () => {
    const s = await openSupporter();
    const [month] = await t.database.db
      .insert(recurringTipCharges)
      .values({
        recurringTipId: s.recurringTipId,
        period: '2099-01',
        amount: 500,
        via: 'debit',
        status: 'pending',
        attempt: 3,
      })
      .returning();
    await t.database.db.transaction((tx) => recordDebitFailure(t.ctx, tx, month!, 'insufficient_funds'));
    const [tip] = await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, s.recurringTipId));
    expect(tip!.mandateStatus).toBe('invalid');
    await expectEnded(s);
  });

  it('a yearly tip keeps the feed for its year after it is cancelled', async () => {
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper, { amount: 6000, interval: 'year' });
    await t.database.db
      .update(recurringTips)
      .set({ status: 'cancelled' })
      .where(eq(recurringTips.id, tip.recurringTipId));
    expect((await myFeed(t, tipper, tip.recurringTipId)).state).toBe('open');
    await t.database.db
      .update(recurringTipCharges)
      .set({ completedAt: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(recurringTipCharges.id, tip.chargeId));
    expect((await myFeed(t, tipper, tip.recurringTipId)).state).toBe('ended');
  });
});

describe('tokens', () => {
  it('a wrong, forged, rotated or other tip jar’s token opens no feed and no audio; all the same 404', async () => {
    await publishEpisode(w, { title: 'Token test' });
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper);
    const before = await myFeed(t, tipper, tip.recurringTipId);
    const { xml } = await feedText(before.url!);
    const audio = /<enclosure url="([^"]+)"/.exec(xml)![1]!;
    const token = /\/feeds\/([^/]+)\.xml$/.exec(before.url!)![1]!;
    const [idPart, mac] = token.split('.');

    const other = await feedWorld(t);
    await publishEpisode(other);
    const otherTipper = await t.createUser();
    const otherTip = await payingSupporter(other, otherTipper);
    const otherUrl = (await myFeed(t, otherTipper, otherTip.recurringTipId)).url!;
    const otherToken = /\/feeds\/([^/]+)\.xml$/.exec(otherUrl)![1]!;

    const forged = `${idPart}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    const bodies = new Set<string>();
    for (const bad of [forged, `${otherToken.split('.')[0]}.${mac}`, 'nonsense', `${idPart}.`]) {
      const res = await get(t, `${t.baseUrl}/feeds/${bad}.xml`);
      expect(res.status, bad).toBe(404);
      bodies.add(await res.text());
      expect((await get(t, audio.replace(token, bad))).status).toBe(404);
    }
    expect(bodies.size).toBe(1);
    // Another tip jar's token with this jar's episode: 404.
    expect((await get(t, audio.replace(token, otherToken))).status).toBe(404);

    const rotated = await t.api('POST', `/user/me/recurringtips/${tip.recurringTipId}/feed/rotate`, {
      token: tipper.token,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.url).not.toBe(before.url);
    expect((await get(t, before.url!)).status).toBe(404);
    expect((await get(t, audio)).status).toBe(404);
    expect((await get(t, rotated.body.url)).status).toBe(200);
  });

  it("a stranger cannot read or rotate another's feed", async () => {
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper);
    const stranger = await t.createUser();
    expect(
      (await t.api('GET', `/user/me/recurringtips/${tip.recurringTipId}/feed`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/user/me/recurringtips/${tip.recurringTipId}/feed`)).status).toBe(401);
    expect(
      (await t.api('POST', `/user/me/recurringtips/${tip.recurringTipId}/feed/rotate`, { token: stranger.token }))
        .status,
    ).toBe(404);
    // Nor does the maker of the tip jar read the supporter's URL.
    expect(
      (await t.api('GET', `/user/me/recurringtips/${tip.recurringTipId}/feed`, { token: w.maker.token })).status,
    ).toBe(404);
  });

  it('the manage link in a mail reads and rotates the feed of its own tip, as a login would; nothing else', async () => {
    await publishEpisode(w, { title: 'By the manage link' });
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper);
    const other = await payingSupporter(w, await t.createUser());
    const path = (id: string) => `/user/me/recurringtips/${id}/feed`;
    // The link as the mail carries it (?token=), and the same token in the header the web app may send.
    const token = new URL(await manageLinkOf(t.ctx, tip.recurringTipId, 'nl')).searchParams.get('token')!;
    const byLink = await t.api('GET', `${path(tip.recurringTipId)}?token=${token}`);
    expect(byLink.status, byLink.text).toBe(200);
    expect(byLink.body).toEqual(await myFeed(t, tipper, tip.recurringTipId));
    expect(byLink.body.state).toBe('open');
    expect((await feedText(byLink.body.url)).xml).toContain('By the manage link');
    const byHeader = await t.api('GET', path(tip.recurringTipId), { headers: { 'x-manage-token': token } });
    expect(byHeader.status, byHeader.text).toBe(200);
    expect(byHeader.body.url).toBe(byLink.body.url);

    // Another tip's token, a forged one, an expired one, none: refused as the tip's own routes refuse them.
    const otherToken = await signManageToken(t.ctx, other.recurringTipId);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const expired = await signManageToken(t.ctx, tip.recurringTipId, -10);
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/rotate'],
    ] as const) {
      const at = (query: string) => `${path(tip.recurringTipId)}${suffix}${query}`;
      expect((await t.api(method, at(`?token=${otherToken}`))).status, `${method} other`).toBe(404);
      expect((await t.api(method, `${path(other.recurringTipId)}${suffix}?token=${token}`)).status).toBe(404);
      expect((await t.api(method, at(`?token=${forged}`))).status, `${method} forged`).toBe(401);
      expect((await t.api(method, at(`?token=${expired}`))).status, `${method} expired`).toBe(401);
      expect((await t.api(method, at(''))).status, `${method} none`).toBe(401);
      // An access token is no manage token, and a manage token is no login.
      expect((await t.api(method, at(`?token=${tipper.token}`))).status, `${method} session`).toBe(401);
    }
    expect((await t.api('GET', '/user/me/recurringtips', { token })).status).toBe(401);
    // Nothing was rotated by the refused calls.
    expect((await myFeed(t, tipper, tip.recurringTipId)).url).toBe(byLink.body.url);

    // Rotated by the link: the old URL answers 404 at once, the new one is the feed.
    const rotated = await t.api('POST', `${path(tip.recurringTipId)}/rotate?token=${token}`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.state).toBe('open');
    expect(rotated.body.url).not.toBe(byLink.body.url);
    expect((await get(t, byLink.body.url)).status).toBe(404);
    expect((await feedText(rotated.body.url)).xml).toContain('By the manage link');
    expect((await myFeed(t, tipper, tip.recurringTipId)).url).toBe(rotated.body.url);
  });
});
