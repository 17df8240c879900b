import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedVerificationEvents, tipjarInvitations, tipjars } from '../../src/db/schema/index.js';
import { cleanUpShortLived } from '../../src/jobs/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Rows kept only for a limit or a link do not pile up: feed-code events are counted over one day
 * (decision 064) and deleted after two; an expired invitation's link already answers 'gone', and its
 * address is kept no longer (decision 062). The hourly job deletes both, and nothing still in use.
 */
let t: TestApp;
let tipjarId: string;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `cleanup-${Date.now().toString(36)}`,
      name: 'Cleanup Pod',
      status: 'LIVE',
      contactEmail: 'cleanup@example.test',
      contactPhone: '+31612345678',
    })
    .returning();
  tipjarId = jar!.id;
});
afterAll(() => t.close());

describe(`the short-lived cleanup (${TEST_DB})`, () => {
  it('deletes feed-code events past two days and expired invitations, and keeps the rest', async () => {
    const now = new Date();
    const event = (ageMs: number, email: string) => ({
      kind: 'code' as const,
      tipjarId,
      feedUrl: 'https://feeds.example.test/cleanup.xml',
      email,
      created: new Date(now.getTime() - ageMs),
    });
    await t.database.db
      .insert(feedVerificationEvents)
      .values([event(49 * HOUR, 'old@example.test'), event(23 * HOUR, 'today@example.test')]);
    const invitation = (email: string, expiresInMs: number) => ({
      tipjarId,
      email,
      tokenHash: `hash-${email}`,
      locale: 'en' as const,
      expiresAt: new Date(now.getTime() + expiresInMs),
    });
    await t.database.db
      .insert(tipjarInvitations)
      .values([invitation('expired@example.test', -HOUR), invitation('open@example.test', HOUR)]);

    await cleanUpShortLived(t.ctx, now);

    const events = await t.database.db
      .select({ email: feedVerificationEvents.email })
      .from(feedVerificationEvents)
      .where(eq(feedVerificationEvents.tipjarId, tipjarId));
    expect(events.map((e) => e.email)).toEqual(['today@example.test']);
    const invitations = await t.database.db
      .select({ email: tipjarInvitations.email })
      .from(tipjarInvitations)
      .where(eq(tipjarInvitations.tipjarId, tipjarId));
    expect(invitations.map((i) => i.email)).toEqual(['open@example.test']);
  });
});
