import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, tipjars } from '../../src/db/schema/index.js';
import { cleanUpArtworks } from '../../src/jobs/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal } from '../support/tipjar.js';
import { type FeedServer, feedXml, startFeedServer } from './feed-server.js';

/**
 * A verified feed belongs to one tip jar at a time (decision 030). When that tip jar is archived, the
 * podcast may be verified again by the tip jar that carries it on: the archived one lets go of it.
 * Stored artwork that no tip jar shows is deleted by a job once it is a day old.
 */
let t: TestApp;
let host: FeedServer;
let admin: TestUser;
let ideal: string;
let made = 0;

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp(), startFeedServer()]);
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

async function orderWithFeed(owner: TestUser, rssUrl: string): Promise<string> {
  made += 1;
  const res = await t.api('POST', '/tipjars', {
    token: owner.token,
    body: {
      data: {
        name: `Release Pod ${made}`,
        slug: `release-pod-${made}-${Date.now().toString(36)}`,
        email: 'maker@example.test',
        phoneNumber: '+31612345678',
        rssUrl,
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  // Paid: only a paid tip jar may verify its feed (decision 064).
  await simulatePayment(t.ctx, res.body.oppTransaction.redirectUrl.split('/').pop(), 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return res.body.tipjar.id as string;
}

async function verify(jar: string, maker: TestUser, owner: string) {
  const started = await t.api('POST', `/tipjars/${jar}/feed/verification`, { token: maker.token });
  if (started.status !== 200) return started;
  const mail = (await t.outbox()).filter((m) => m.to === owner).at(-1)!;
  const code = /: (\d{6})\b/.exec(mail.text)![1]!;
  return t.api('POST', `/tipjars/${jar}/feed/verification/confirm`, { token: maker.token, body: { code } });
}

describe('archiving a tip jar with a verified feed', () => {
  it('lets another tip jar verify that feed; before, it is refused', async () => {
    const owner = 'release-owner@example.test';
    const url = host.serve('release', feedXml({ title: 'Release', owner }));
    const [first, second] = [await t.createUser(), await t.createUser()];
    const old = await orderWithFeed(first, url);
    expect((await verify(old, first, owner)).status).toBe(200);

    const next = await orderWithFeed(second, url);
    const refused = await verify(next, second, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('FEED_ALREADY_VERIFIED');

    // The platform removes the old tip jar; it has an order, so it is archived, not deleted.
    const removed = await t.api('DELETE', `/tipjars/${old}`, { token: admin.token });
    expect(removed.status, removed.text).toBeLessThan(300);
    const archived = await t.api('GET', `/tipjars/${old}`, { token: admin.token });
    expect(archived.body.archivedAt).toBeTruthy();
    expect(archived.body.feedVerified).toBe(false);

    const verified = await verify(next, second, owner);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.feedVerified).toBe(true);
  });
});

describe('the artwork cleanup job', () => {
  it('deletes stored artwork no tip jar shows once it is a day old; a tip jar’s artwork and a fresh preview stay', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffaa00' } })
      .png()
      .toBuffer();
    const store = async (ageHours: number) => {
      const [row] = await t.database.db
        .insert(artworks)
        .values({
          contentType: 'image/png',
          width: 4,
          height: 4,
          bytes: png,
          created: new Date(Date.now() - ageHours * 3_600_000),
        })
        .returning({ id: artworks.id });
      return row!.id;
    };
    const [abandoned, shown, fresh] = [await store(30), await store(30), await store(1)];
    const maker = await t.createUser();
    const jar = await orderWithFeed(maker, host.serve('cleanup', feedXml({ title: 'Cleanup' })));
    await t.database.db.update(tipjars).set({ artworkId: shown }).where(eq(tipjars.id, jar));

    await cleanUpArtworks(t.ctx);

    const status = async (id: string) => (await t.api('GET', `/artworks/${id}`)).status;
    expect(await status(abandoned)).toBe(404);
    expect(await status(shown)).toBe(200);
    expect(await status(fresh)).toBe(200);
  });
});
