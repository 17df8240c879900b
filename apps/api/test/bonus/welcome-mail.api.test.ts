import { describe, expect, it } from 'vitest';
import { bonusEpisodes, tipjarLevels } from '../../src/db/schema/index.js';
import { signUpAndPay, useMonthlyWorld } from '../money/monthly-support.js';

/**
 * The welcome mail of a new monthly supporter (issue 40) names their private feed URL when the tip
 * jar offers a feed and their level unlocks it — the same URL their account page shows.
 */
const w = useMonthlyWorld();

async function welcomeMailOf(email: string) {
  const mails = (await w.t.outbox()).filter((m) => m.to.includes(email) && /is running/.test(m.subject));
  expect(mails).toHaveLength(1);
  return mails[0]!.text;
}

describe('the welcome mail of a new monthly supporter', () => {
  it('has no feed while the tip jar offers none', async () => {
    const tipper = await w.t.createUser();
    await signUpAndPay(w, tipper);
    expect(await welcomeMailOf(tipper.email)).not.toContain('/feeds/');
  });

  it('carries the private feed URL once the tip jar has a bonus episode; not below the unlocking level', async () => {
    await w.t.database.db.insert(bonusEpisodes).values({ tipjarId: w.jar.id, title: 'Bonus' });
    const tipper = await w.t.createUser();
    const id = await signUpAndPay(w, tipper);
    const feed = await w.t.api('GET', `/user/me/recurringtips/${id}/feed`, { token: tipper.token });
    expect(feed.body.state).toBe('open');
    const text = await welcomeMailOf(tipper.email);
    expect(text).toContain('private supporter feed');
    expect(text).toContain(feed.body.url);

    // A level of €10 unlocks the feed: a €5 supporter's mail has no feed.
    await w.t.database.db
      .insert(tipjarLevels)
      .values({ tipjarId: w.jar.id, amount: 1000, name: 'Gold', unlocksFeed: true });
    const low = await w.t.createUser();
    const lowId = await signUpAndPay(w, low);
    expect((await w.t.api('GET', `/user/me/recurringtips/${lowId}/feed`, { token: low.token })).body.state).toBe(
      'none',
    );
    expect(await welcomeMailOf(low.email)).not.toContain('/feeds/');
  });
});
