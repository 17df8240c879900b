import { awaitSimulatorDeliveries, SIM_TRANSACTION_COST, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OppError } from '../../src/payments/opp-client.js';
import { oneOffTip } from '../money/monthly-support.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, openTip, orderLiveJar } from '../support/tipjar.js';

/** Settlements (payouts) read from the provider for a tip jar's merchant. Real HTTP + simulator, both databases. */
let t: TestApp;
let admin: TestUser;
let stranger: TestUser;
let ideal: string;

interface Jar {
  id: string;
  name: string;
  maker: TestUser;
  merchantUid: string | null;
}

/** A LIVE tip jar (its add-on paid), optionally registered with the provider. */
const liveJar = (options: { registered?: boolean } = {}): Promise<Jar> =>
  orderLiveJar(t, { paymentmethod: ideal, name: 'Payout Pod', ...options });

/** Gives a tip and finishes it on the simulated checkout; `null` leaves it unpaid. Answers the tip and its transaction uid. */
async function tip(jarId: string, amount: number, outcome: 'completed' | 'cancelled' | null = 'completed') {
  const { id, fee, uid } = await openTip(t, jarId, { amount, paymentmethod: ideal });
  if (outcome) {
    await simulatePayment(t.ctx, uid, outcome);
    await awaitSimulatorDeliveries(t.ctx);
  }
  return { id, fee, amount, uid };
}

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  stranger = await t.createUser();
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

describe('GET /api/v1/tipjars/:id/settlements', () => {
  let jar: Jar;
  let other: Jar;
  let paid: Awaited<ReturnType<typeof tip>>[];

  beforeAll(async () => {
    jar = await liveJar();
    other = await liveJar();
    paid = [await tip(jar.id, 500), await tip(jar.id, 1250)];
    await tip(jar.id, 700, 'cancelled');
    await tip(jar.id, 900, null);
  });

  it("answers 401 anonymously and 404 to strangers and other jars' admins", async () => {
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: other.maker.token })).status).toBe(404);
  });

  it('answers 400 for a bad id and 404 for an unknown tip jar', async () => {
    expect((await t.api('GET', '/tipjars/nope/settlements', { token: admin.token })).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.api('GET', `/tipjars/${unknown}/settlements`, { token: admin.token })).status).toBe(404);
  });

  it('is empty for a tip jar without a registered merchant, which cannot take tips either (409, not 502)', async () => {
    const unregistered = await liveJar({ registered: false });
    const refused = await t.api('POST', `/tipjars/${unregistered.id}/tips`, { body: oneOffTip(ideal, 500) });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('NOT_ACCEPTING_TIPS');
    const res = await t.api('GET', `/tipjars/${unregistered.id}/settlements`, { token: unregistered.maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: [], metadata: { count: 0 } });
  });

  it('shows the running settlement of the paid tips: gross, fees, costs and net in cents', async () => {
    const res = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.metadata.count).toBe(1);
    const [settlement] = res.body.data;
    const gross = 500 + 1250;
    const fees = paid[0]!.fee + paid[1]!.fee;
    const costs = 2 * SIM_TRANSACTION_COST;
    expect(fees).toBeGreaterThan(0);
    expect(settlement).toMatchObject({
      id: expect.stringMatching(/^set_/),
      tipjarId: jar.id,
      status: 'CURRENT',
      gross,
      fees,
      costs,
      net: gross - fees - costs,
      paidAt: null,
      tipCount: 2,
    });
    expect(new Date(settlement.periodStart).getUTCDate()).toBe(1);
    expect(settlement.rows).toBeUndefined();
    // The platform admin sees the same.
    const byAdmin = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: admin.token });
    expect(byAdmin.body.data).toEqual(res.body.data);
  });

  it('opens a settlement with rows pointing at exactly the paid tips', async () => {
    const list = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    const id = list.body.data[0].id;
    const res = await t.api('GET', `/tipjars/${jar.id}/settlements/${id}`, { token: jar.maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows).toHaveLength(2);
    const byTip = new Map(res.body.rows.map((r: { tipId: string }) => [r.tipId, r]));
    for (const p of paid) {
      expect(byTip.get(p.id)).toEqual({
        tipId: p.id,
        reference: p.uid,
        amount: p.amount,
        fee: p.fee,
        payable: p.amount - p.fee - SIM_TRANSACTION_COST,
      });
    }
  });

  it("answers 404 for an unknown settlement and for another jar's settlement", async () => {
    await tip(other.id, 300);
    const otherList = await t.api('GET', `/tipjars/${other.id}/settlements`, { token: other.maker.token });
    const otherId = otherList.body.data[0].id;
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements/${otherId}`, { token: jar.maker.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements/set_nope_202001`, { token: admin.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', `/tipjars/${jar.id}/settlements/${otherId}`, { token: stranger.token })).status).toBe(
      404,
    );
  });

  it('settles earlier months separately, as paid: the payout is amount_paid, and no payout date is invented', async () => {
    const monthly = await liveJar();
    const old = await tip(monthly.id, 800);
    await tip(monthly.id, 400);
    // Move one payment's completion to a past month, as if it had been paid then.
    const past = Date.UTC(2025, 2, 15) / 1000;
    await t.database.db.execute(
      sql`update sim_objects set data = jsonb_set(data, '{completed}', to_jsonb(${past}::bigint)) where uid = ${old.uid}`,
    );

    const res = await t.api('GET', `/tipjars/${monthly.id}/settlements`, { token: monthly.maker.token });
    expect(res.body.metadata.count).toBe(2);
    const [current, march] = res.body.data;
    expect(current).toMatchObject({ status: 'CURRENT', gross: 400, tipCount: 1, paidAt: null });
    // Like the provider's, the paid settlement reports amount_payable 0; what was paid out is amount_paid.
    const [provider] = (await t.ctx.opp.listSettlements(monthly.merchantUid!)).data.filter((s) => s.uid === march.id);
    expect(provider).toMatchObject({
      status: 'paid',
      amountPayable: 0,
      amountPaid: 800 - old.fee - SIM_TRANSACTION_COST,
    });
    expect(march).toMatchObject({
      status: 'PAID',
      gross: 800,
      fees: old.fee,
      costs: SIM_TRANSACTION_COST,
      net: 800 - old.fee - SIM_TRANSACTION_COST,
      tipCount: 1,
      periodStart: '2025-03-01T00:00:00.000Z',
      periodEnd: '2025-03-31T23:59:59.000Z',
      // The documented settlement names no payout date: none is made up from the period.
      paidAt: null,
    });
    const detail = await t.api('GET', `/tipjars/${monthly.id}/settlements/${march.id}`, { token: monthly.maker.token });
    expect(detail.body.rows.map((r: { tipId: string }) => r.tipId)).toEqual([old.id]);
    // Filter by status.
    const onlyPaid = await t.api('GET', `/tipjars/${monthly.id}/settlements?status=PAID`, { token: admin.token });
    expect(onlyPaid.body.data.map((s: { id: string }) => s.id)).toEqual([march.id]);
  });

  it('answers 502 PAYMENT_PROVIDER when the provider fails', async () => {
    const original = t.ctx.opp.listSettlements.bind(t.ctx.opp);
    t.ctx.opp.listSettlements = async () => {
      throw new OppError(503, undefined, 'down');
    };
    try {
      const res = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER');
      expect(res.body.message).toMatch(/payment provider/i);
      expect((await t.api('GET', '/tipjars/settlements', { token: admin.token })).status).toBe(502);
    } finally {
      t.ctx.opp.listSettlements = original;
    }
  });
});

describe('GET /api/v1/tipjars/settlements', () => {
  it('answers 401 anonymously and 403 to a normal user (even a maker)', async () => {
    const jar = await liveJar();
    expect((await t.api('GET', '/tipjars/settlements')).status).toBe(401);
    expect((await t.api('GET', '/tipjars/settlements', { token: stranger.token })).status).toBe(403);
    expect((await t.api('GET', '/tipjars/settlements', { token: jar.maker.token })).status).toBe(403);
  });

  it('shows platform admins every registered tip jar’s settlements with the tip jar name', async () => {
    const a = await liveJar();
    const b = await liveJar();
    await tip(a.id, 600);
    await tip(b.id, 1100);
    await tip(b.id, 200, 'cancelled');
    const res = await t.api('GET', '/tipjars/settlements?limit=1000', { token: admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.metadata.count).toBe(res.body.data.length);
    const ofA = res.body.data.find((s: { tipjarId: string }) => s.tipjarId === a.id);
    const ofB = res.body.data.find((s: { tipjarId: string }) => s.tipjarId === b.id);
    expect(ofA).toMatchObject({ tipjarName: a.name, gross: 600, tipCount: 1 });
    expect(ofB).toMatchObject({ tipjarName: b.name, gross: 1100, tipCount: 1 });

    const searched = await t.api('GET', `/tipjars/settlements?search=${encodeURIComponent(b.name)}`, {
      token: admin.token,
    });
    expect(searched.body.data.map((s: { tipjarId: string }) => s.tipjarId)).toEqual([b.id]);
    const paged = await t.api('GET', '/tipjars/settlements?skip=0&limit=1&sortBy=gross&sortDesc=true', {
      token: admin.token,
    });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.metadata.count).toBe(res.body.metadata.count);
  });
});

describe('settlements longer than one provider page (issue 34.8)', () => {
  let jar: Jar;
  let paid: Awaited<ReturnType<typeof tip>>[];
  const PAGE = 100;

  beforeAll(async () => {
    jar = await liveJar();
    paid = [];
    for (let i = 0; i <= PAGE; i += 1) paid.push(await tip(jar.id, 100 + i));
  }, 240_000);

  it("opens a payout of 101 tips with each tip's row once", async () => {
    const list = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    expect(list.body.metadata.count).toBe(1);
    const res = await t.api('GET', `/tipjars/${jar.id}/settlements/${list.body.data[0].id}`, {
      token: jar.maker.token,
    });
    expect(res.status, res.text).toBe(200);
    const tipIds = res.body.rows.map((r: { tipId: string }) => r.tipId);
    expect(tipIds).toHaveLength(paid.length);
    expect(new Set(tipIds)).toEqual(new Set(paid.map((p) => p.id)));
  });

  it('stops reading when the provider answers every page with the same rows and has_more', async () => {
    const list = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    const original = t.ctx.opp.listSettlementRows.bind(t.ctx.opp);
    let calls = 0;
    // A misbehaving provider: whatever page is asked, the first one again, saying there is more.
    t.ctx.opp.listSettlementRows = async (settlementUid, specificationUid) => {
      calls += 1;
      return { ...(await original(settlementUid, specificationUid, 1)), hasMore: true };
    };
    try {
      const res = await t.api('GET', `/tipjars/${jar.id}/settlements/${list.body.data[0].id}`, {
        token: jar.maker.token,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.rows).toHaveLength(new Set(res.body.rows.map((r: { tipId: string }) => r.tipId)).size);
      expect(calls).toBe(2);
      // It promised more than it gave: the answer does not pass the rows off as all of them.
      expect(res.body.incomplete).toBe(true);
    } finally {
      t.ctx.opp.listSettlementRows = original;
    }
  });

  it("shows a maker's payouts of 101 months each once", async () => {
    // Each payment completed in its own past month: 101 settlements, more than one provider page.
    for (const [i, p] of paid.entries()) {
      const completed = Date.UTC(2015, i, 15) / 1000;
      await t.database.db.execute(
        sql`update sim_objects set data = jsonb_set(data, '{completed}', to_jsonb(${completed}::bigint)) where uid = ${p.uid}`,
      );
    }
    const res = await t.api('GET', `/tipjars/${jar.id}/settlements?limit=1000`, { token: jar.maker.token });
    expect(res.status, res.text).toBe(200);
    const ids = res.body.data.map((s: { id: string }) => s.id);
    expect(res.body.metadata).toEqual({ count: paid.length });
    expect(new Set(ids).size).toBe(paid.length);
  });

  it('stops reading when the provider answers every page of payouts with the same settlements', async () => {
    const original = t.ctx.opp.listSettlements.bind(t.ctx.opp);
    let calls = 0;
    t.ctx.opp.listSettlements = async (merchantUid) => {
      calls += 1;
      return { ...(await original(merchantUid, 1)), hasMore: true };
    };
    try {
      const res = await t.api('GET', `/tipjars/${jar.id}/settlements?limit=1000`, { token: jar.maker.token });
      expect(res.status, res.text).toBe(200);
      const ids = res.body.data.map((s: { id: string }) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(calls).toBe(2);
      expect(res.body.metadata.incomplete).toBe(true);
    } finally {
      t.ctx.opp.listSettlements = original;
    }
  });
});
