import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTips, tipjars } from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { DEMO_PASSWORD, DEMO_TIPJAR_SLUG, ensureDemoMerchant, seedDemoData } from '../../src/seed/demo.js';
import { ensureDemoProviderHistory } from '../../src/seed/demo-provider.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 13: the demo data (`npm start`) has monthly tippers over past months, so the backoffice's
 * "active monthly tippers" chart and its monthly tips list show something — written the way the
 * charge run leaves them, so the money check's monthly totals agree to the cent.
 */
let t: TestApp;
let token: string;
let tipjarId: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.ctx)).not.toBeNull();
  const login = await t.api('POST', '/auth/login', {
    form: {
      username: 'maker@podpot.local',
      password: DEMO_PASSWORD,
      client_id: 'podpot-web',
      grant_type: 'password',
      scope: 'all',
    },
  });
  token = login.body.access_token;
  const [jar] = await t.database.db.select().from(tipjars).where(eq(tipjars.slug, DEMO_TIPJAR_SLUG));
  tipjarId = jar!.id;
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('shows the maker monthly tippers in most of the last 12 months, and their monthly tips', async () => {
    const res = await t.api('GET', `/tipjars/${tipjarId}/statistics?period=12m`, { token });
    expect(res.status).toBe(200);
    const tippers: { month: string; count: number }[] = res.body.monthlyTippers;
    expect(tippers).toHaveLength(12);
    // Four tippers started 6, 5, 4 and 2 months ago; one stopped after 3 months ago.
    expect(tippers.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...tippers.map((m) => m.count))).toBe(3);
    const monthly = res.body.byKind.find((k: { kind: string }) => k.kind === 'monthly');
    expect(monthly.count).toBe(tippers.reduce((sum, m) => sum + m.count, 0));

    const list = await t.api('GET', `/tipjars/${tipjarId}/recurringtips?itemsPerPage=25`, { token });
    expect(list.status).toBe(200);
    expect(list.body.metadata.count).toBe(4);
    const statuses = list.body.data.map((r: { status: string }) => r.status).sort();
    expect(statuses).toEqual(['active', 'active', 'active', 'cancelled']);
  });

  it('has the demo feed’s episodes on the storefront, tipped, so the per-episode table is not empty', async () => {
    const storefront = await t.api('GET', `/tipjars?slug=${DEMO_TIPJAR_SLUG}`);
    expect(storefront.body.data[0].recentEpisodes.map((e: { number: number }) => e.number)).toEqual([3, 2, 1]);
    const res = await t.api('GET', `/tipjars/${tipjarId}/episodes/statistics`, { token });
    expect(res.status).toBe(200);
    const rows: { episode: { number: number } | null; count: number }[] = res.body.rows;
    expect(rows.map((r) => r.episode?.number ?? null)).toEqual([3, 2, 1, null]);
    expect(rows.every((r) => r.count > 0)).toBe(true);
  });

  it('starts with a clean money check: its tips were paid at the provider, its monthly tips hold a mandate', async () => {
    // As `npm start` does once the server listens (server.ts).
    await ensureDemoMerchant(t.ctx);
    await ensureDemoProviderHistory(t.ctx);
    await ensureDemoProviderHistory(t.ctx); // a restart changes nothing
    const result = await checkMoney(t.ctx, t.ledger, { settledMinutes: 0 });
    expect(result.violations).toEqual([]);
    // Every one-off demo tip and nothing else is known at the provider, with its outcome.
    const known = (
      (await t.database.db.execute(
        sql`select t.status as tip, o.status as provider from tips t join opp_transactions o on o.owner_id = t.id and o.kind = 'tip'
            where t.recurring_tip_id is null`,
      )) as unknown as { rows: { tip: string; provider: string }[] }
    ).rows;
    expect(known).toHaveLength(12);
    expect(new Set(known.map((r) => `${r.tip}/${r.provider}`))).toEqual(
      new Set(['completed/completed', 'cancelled/cancelled']),
    );
    expect(result.checkedTransactions).toBe(12);
  });

  it('charges its active monthly tips on their next charge day, like any other', async () => {
    const active = await t.database.db.select().from(recurringTips).where(eq(recurringTips.status, 'active'));
    expect(active).toHaveLength(3);
    expect(active.every((r) => r.mandateToken && r.mandateUid?.startsWith('mdt_'))).toBe(true);
    let sent = 0;
    for (const day of active.map((r) => r.nextChargeAt!).sort((a, b) => a.getTime() - b.getTime())) {
      const run = await runCharges(t.ctx, t.ledger, { now: day });
      expect(run.heldBack).toBe(0);
      sent += run.sent;
    }
    expect(sent).toBe(3);
  });
});
