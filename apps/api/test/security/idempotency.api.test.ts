import { awaitSimulatorDeliveries } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonthlyWorld, type MonthlyWorld, query } from '../money/monthly-support.js';
import { type ApiResponse, createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 10: a client Idempotency-Key is bound to the request it was first used for (operation, path
 * and validated body), as payment APIs do. The same request again answers the first result; another
 * request under the same key is a 422 IDEMPOTENCY_KEY_REUSED — also when both arrive at once.
 */
let t: TestApp;
let w: MonthlyWorld;
let other: MonthlyWorld;
let run = 0;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  w = await createMonthlyWorld(t);
  other = await createMonthlyWorld(t);
});
afterAll(async () => {
  await awaitSimulatorDeliveries(t.ctx);
  await t.close();
});

const newKey = (what: string) => `${what}-${Date.now().toString(36)}-${++run}`;

function tipData(overrides: Record<string, unknown> = {}) {
  return {
    amount: 500,
    displayName: 'Fan',
    message: 'Keep going',
    privacy: 'NAME_AND_AMOUNT',
    email: 'fan@example.test',
    locale: 'en',
    payment: { paymentmethod: w.ideal, paymentissuer: '' },
    ...overrides,
  };
}

const giveTip = (key: string, data: unknown, jarId = w.jar.id) =>
  t.api('POST', `/tipjars/${jarId}/tips`, { body: { data }, headers: { 'idempotency-key': key } });

function monthlyData(overrides: Record<string, unknown> = {}, world = w) {
  return {
    amount: 700,
    displayName: 'Fan',
    message: '',
    payment: { paymentmethod: world.ideal, paymentissuer: '' },
    ...overrides,
  };
}

const startMonthly = (tipper: TestUser, key: string, data: unknown, world = w) =>
  t.api('POST', `/tipjars/${world.jar.id}/recurringtips`, {
    token: tipper.token,
    body: { data },
    headers: { 'idempotency-key': key },
  });

async function tipsWithKey(key: string) {
  return query<{ id: string; fingerprint: string | null }>(
    t,
    sql`select id, idempotency_fingerprint as fingerprint from tips where idempotency_key = ${key}`,
  );
}

async function providerTransactionsOf(tipIds: string[]) {
  const list = await t.ctx.opp.listTransactions({ perpage: 500 });
  return list.data.filter((tx) => tipIds.includes(String(tx.metadata.tip_id)));
}

function expectKeyReused(res: ApiResponse) {
  expect(res.status, res.text).toBe(422);
  expect(res.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', code: 'IDEMPOTENCY_KEY_REUSED' });
  expect(res.body.message).toMatch(/Idempotency-Key/);
}

describe(`POST /api/v1/tipjars/:id/tips with an Idempotency-Key (${TEST_DB})`, () => {
  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await giveTip('has spaces in it', tipData());
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields).toEqual({ 'Idempotency-Key': { key: 'format' } });
  });

  it('answers the same tip for the same request, whatever the key order or surrounding spaces', async () => {
    const key = newKey('same');
    const first = await giveTip(key, tipData());
    expect(first.status, first.text).toBe(201);
    // The same tip, its keys in reverse order at every depth and the name with spaces around it.
    const { payment, ...rest } = tipData({ displayName: '  Fan  ' });
    const reordered = {
      ...Object.fromEntries(Object.entries(rest).reverse()),
      payment: { paymentissuer: payment.paymentissuer, paymentmethod: payment.paymentmethod },
    };
    const again = await giveTip(key, reordered);
    expect(again.status, again.text).toBe(201);
    expect(again.body.tip.id).toBe(first.body.tip.id);
    expect(again.body.oppTransaction.redirectUrl).toBe(first.body.oppTransaction.redirectUrl);
    const rows = await tipsWithKey(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the same key with a different body (same amount, another name) with 422, and makes no second tip', async () => {
    const key = newKey('other-body');
    expect((await giveTip(key, tipData())).status).toBe(201);
    expectKeyReused(await giveTip(key, tipData({ displayName: 'Someone else' })));
    expectKeyReused(await giveTip(key, tipData({ amount: 501 })));
    expectKeyReused(await giveTip(key, tipData({ email: 'other@example.test' })));
    expect(await tipsWithKey(key)).toHaveLength(1);
  });

  it('keeps a key per tip jar: the same key and body on another tip jar is a tip of its own', async () => {
    const key = newKey('per-jar');
    const here = await giveTip(key, tipData());
    const there = await giveTip(
      key,
      tipData({ payment: { paymentmethod: other.ideal, paymentissuer: '' } }),
      other.jar.id,
    );
    expect(here.status, here.text).toBe(201);
    expect(there.status, there.text).toBe(201);
    expect(there.body.tip.id).not.toBe(here.body.tip.id);
  });

  it('answers one 201 and one 422 (or 409 while in flight) for two different bodies sent at once: never two tips', async () => {
    for (let round = 0; round < 3; round++) {
      const key = newKey('race');
      const answers = await Promise.all([
        giveTip(key, tipData({ displayName: 'First' })),
        giveTip(key, tipData({ displayName: 'Second' })),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0], answers.map((a) => a.text).join('\n')).toBe(201);
      expect([409, 422], answers.map((a) => a.text).join('\n')).toContain(statuses[1]);
      const rows = await tipsWithKey(key);
      expect(rows).toHaveLength(1);
      expect(await providerTransactionsOf(rows.map((r) => r.id))).toHaveLength(1);
    }
  });

  it('keeps the former rule for a tip stored before fingerprints: the same amount answers it, another is 409', async () => {
    const key = newKey('legacy');
    const first = await giveTip(key, tipData());
    expect(first.status, first.text).toBe(201);
    await t.database.db.execute(sql`update tips set idempotency_fingerprint = null where idempotency_key = ${key}`);
    const sameAmount = await giveTip(key, tipData({ displayName: 'Renamed' }));
    expect(sameAmount.status, sameAmount.text).toBe(201);
    expect(sameAmount.body.tip.id).toBe(first.body.tip.id);
    expect((await giveTip(key, tipData({ amount: 900 }))).status).toBe(409);
    expect(await tipsWithKey(key)).toHaveLength(1);
  });
});

describe(`POST /api/v1/tipjars/:id/recurringtips with an Idempotency-Key (${TEST_DB})`, () => {
  async function recurringWithKey(tipper: TestUser, key: string) {
    return query<{ id: string; fingerprint: string | null }>(
      t,
      sql`select id, idempotency_fingerprint as fingerprint from recurring_tips
          where user_id = ${tipper.id} and idempotency_key = ${key}`,
    );
  }

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await startMonthly(await t.createUser(), 'x'.repeat(201), monthlyData());
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields).toEqual({ 'Idempotency-Key': { key: 'format' } });
  });

  it('answers the same monthly tip for the same request', async () => {
    const tipper = await t.createUser();
    const key = newKey('monthly-same');
    const first = await startMonthly(tipper, key, monthlyData());
    expect(first.status, first.text).toBe(201);
    const again = await startMonthly(tipper, key, { ...monthlyData(), displayName: 'Fan ' });
    expect(again.status, again.text).toBe(201);
    expect(again.body.recurringTip.id).toBe(first.body.recurringTip.id);
    expect((await recurringWithKey(tipper, key))[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses the same key with another amount, or for another tip jar, with 422', async () => {
    const tipper = await t.createUser();
    const key = newKey('monthly-other');
    expect((await startMonthly(tipper, key, monthlyData())).status).toBe(201);
    expectKeyReused(await startMonthly(tipper, key, monthlyData({ amount: 5000 })));
    expectKeyReused(await startMonthly(tipper, key, monthlyData({}, other), other));
    expect(await recurringWithKey(tipper, key)).toHaveLength(1);
    const mine = await t.api('GET', '/user/me/recurringtips', { token: tipper.token });
    expect(mine.body.metadata.count).toBe(1);
  });

  it('answers one 201 and one 422 (or 409 while in flight) for two different bodies sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const tipper = await t.createUser();
      const key = newKey('monthly-race');
      const answers = await Promise.all([
        startMonthly(tipper, key, monthlyData({ amount: 700 })),
        startMonthly(tipper, key, monthlyData({ amount: 800 })),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0], answers.map((a) => a.text).join('\n')).toBe(201);
      expect([409, 422], answers.map((a) => a.text).join('\n')).toContain(statuses[1]);
      expect(await recurringWithKey(tipper, key)).toHaveLength(1);
    }
  });

  it('keeps the former rule for a monthly tip stored before fingerprints: the key answers it', async () => {
    const tipper = await t.createUser();
    const key = newKey('monthly-legacy');
    const first = await startMonthly(tipper, key, monthlyData());
    expect(first.status, first.text).toBe(201);
    await t.database.db.execute(
      sql`update recurring_tips set idempotency_fingerprint = null where idempotency_key = ${key}`,
    );
    const again = await startMonthly(tipper, key, monthlyData({ amount: 900 }));
    expect(again.status, again.text).toBe(201);
    expect(again.body.recurringTip.id).toBe(first.body.recurringTip.id);
  });
});
