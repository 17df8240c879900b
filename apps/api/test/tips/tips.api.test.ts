import { createHmac } from 'node:crypto';
import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { OppError } from '../../src/payments/opp-client.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** Tips: giving, paying (webhook), privacy, permissions, idempotency, mails, statistics. Real HTTP, both databases. */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let bcmc: string;
let n = 0;

interface Jar {
  id: string;
  slug: string;
  name: string;
  maker: TestUser;
}

async function orderJar(options: { paid?: boolean; makerLocale?: 'en' | 'nl' } = {}): Promise<Jar> {
  n += 1;
  const maker = await t.createUser({ locale: options.makerLocale ?? 'en' });
  const name = `Tip Pod ${n}`;
  const res = await t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name,
        slug: `tip-pod-${n}-${Date.now().toString(36)}`,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '+31 6 12345678',
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  if (options.paid !== false) {
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    await registerMerchant(t, res.body.tipjar.id, maker.token);
  }
  return { id: res.body.tipjar.id, slug: res.body.tipjar.slug, name, maker };
}

function uidOf(redirectUrl: string) {
  return redirectUrl.split('/').pop()!;
}

function tipBody(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      amount: 500,
      displayName: 'Lotte',
      message: 'Lekker bezig!',
      email: 'lotte@example.test',
      payment: { paymentmethod: ideal, paymentissuer: '' },
      locale: 'en',
      ...overrides,
    },
  };
}

async function giveTip(jarId: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return t.api('POST', `/tipjars/${jarId}/tips`, { body: tipBody(overrides), headers });
}

/** Gives a tip and finishes its payment on the simulator's checkout (notification included). */
async function paidTip(
  jarId: string,
  outcome: 'completed' | 'cancelled' | 'expired' | 'failed' | 'pending' = 'completed',
  overrides: Record<string, unknown> = {},
) {
  const res = await giveTip(jarId, overrides);
  expect(res.status, res.text).toBe(201);
  await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), outcome);
  await awaitSimulatorDeliveries(t.ctx);
  return res.body.tip.id as string;
}

function notification(uid: string, objectUid: string) {
  return {
    uid,
    type: 'transaction.status.changed',
    created: Math.floor(Date.now() / 1000),
    object_uid: objectUid,
    object_type: 'transaction',
    object_url: `${t.ctx.opp.baseUrl}/transactions/${objectUid}`,
    verification_hash: createHmac('sha256', t.ctx.config.OPP_NOTIFY_SECRET).update(uid).digest('hex'),
  };
}

async function mailsTo(address: string) {
  return (await t.outbox()).filter((m) => m.to.includes(address));
}

beforeAll(async () => {
  // Many tips come from one test IP; the rate limit itself is tested with its own client address.
  // The test client stands in for a proxy on loopback, so each test can pick its client address.
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000, TRUST_PROXY: ['loopback'] });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
  bcmc = (
    await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'Bancontact', type: 'bcmc' } },
    })
  ).body.id;
});
afterAll(() => t.close());

describe('POST /api/v1/tipjars/:id/tips', () => {
  let jar: Jar;
  beforeAll(async () => {
    jar = await orderJar();
  });

  it('refuses an amount below €1.00', async () => {
    const res = await giveTip(jar.id, { amount: 99 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields['data.amount']).toBeDefined();
  });

  it('refuses an amount above €1,000.00', async () => {
    const res = await giveTip(jar.id, { amount: 100_001 });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.amount']).toBeDefined();
  });

  it('refuses an amount that is not whole cents', async () => {
    const res = await giveTip(jar.id, { amount: 500.5 });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.amount']).toBeDefined();
  });

  it('refuses a message over 500 characters', async () => {
    const res = await giveTip(jar.id, { message: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.message']).toBeDefined();
  });

  it('refuses an unknown payment method as a field error', async () => {
    const res = await giveTip(jar.id, { payment: { paymentmethod: crypto.randomUUID(), paymentissuer: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.payment.paymentmethod']).toBeDefined();
  });

  it('answers 404 for an unknown tip jar', async () => {
    const res = await giveTip(crypto.randomUUID());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('answers 404 (not a hint) for a tip jar that is not LIVE', async () => {
    const unpaid = await orderJar({ paid: false });
    const res = await giveTip(unpaid.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('creates the tip and a provider transaction with the platform fee, return URL and products', async () => {
    const res = await giveTip(jar.id, { amount: 1234, locale: 'nl' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.tip).toMatchObject({ amount: 1234, fee: 62, status: 'pending' });
    expect(res.body.oppTransaction.status).toBe('created');
    const sim = await t.ctx.opp.getTransaction(uidOf(res.body.oppTransaction.redirectUrl));
    expect(sim).toMatchObject({ amount: 1234, status: 'created' });
    expect(sim.metadata.tip_id).toBe(res.body.tip.id);
    const raw = (await (
      await fetch(`${t.baseUrl}/sim/opp/v1/transactions/${sim.uid}`, {
        headers: { authorization: `Bearer ${t.ctx.config.OPP_API_KEY}` },
      })
    ).json()) as Record<string, unknown>;
    expect(raw.products).toEqual([{ name: `Tip for ${jar.name}`, price: 1234, quantity: 1 }]);
    expect(raw.return_url).toBe(`${t.baseUrl}/nl/thankyou?tip=${res.body.tip.id}&slug=${jar.slug}`);
    expect(raw.payment_method).toBe('ideal');
    expect(raw.locale).toBe('nl');
  });

  it('sends the chosen method type (Bancontact)', async () => {
    const res = await giveTip(jar.id, { payment: { paymentmethod: bcmc, paymentissuer: 'INGBNL2A' } });
    expect(res.status, res.text).toBe(201);
    const sim = await t.ctx.opp.getTransaction(uidOf(res.body.oppTransaction.redirectUrl));
    expect(sim.paymentMethod).toBe('bcmc');
  });

  it('answers the same tip and transaction for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await giveTip(jar.id, { amount: 777 }, headers);
    const second = await giveTip(jar.id, { amount: 777 }, headers);
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toEqual(first.body);
    const list = await t.ctx.opp.listTransactions({ perpage: 100 });
    expect(list.data.filter((tx) => tx.metadata.tip_id === first.body.tip.id)).toHaveLength(1);
    const tips = await t.api('GET', `/tips?tipjarId=${jar.id}&limit=1000`, { token: admin.token });
    expect(tips.body.data.filter((x: { amount: number }) => x.amount === 777)).toHaveLength(1);
  });

  it('answers one tip for concurrent requests with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `race-${Date.now()}` };
    const answers = await Promise.all([1, 2, 3].map(() => giveTip(jar.id, { amount: 778 }, headers)));
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.tip.id)).size).toBe(1);
    const list = await t.ctx.opp.listTransactions({ perpage: 100 });
    expect(list.data.filter((tx) => tx.metadata.tip_id === answers[0]!.body.tip.id)).toHaveLength(1);
  });

  it('refuses an Idempotency-Key reused for a different amount (422 IDEMPOTENCY_KEY_REUSED)', async () => {
    const headers = { 'idempotency-key': `reuse-${Date.now()}` };
    expect((await giveTip(jar.id, { amount: 600 }, headers)).status).toBe(201);
    const res = await giveTip(jar.id, { amount: 601 }, headers);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 502 PAYMENT_PROVIDER and keeps the tip created; a retry with the key pays it once', async () => {
    const original = t.ctx.opp.createTransaction.bind(t.ctx.opp);
    t.ctx.opp.createTransaction = async () => {
      throw new OppError(503, undefined, 'down');
    };
    const headers = { 'idempotency-key': `down-${Date.now()}` };
    try {
      const res = await giveTip(jar.id, { amount: 321 }, headers);
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER');
    } finally {
      t.ctx.opp.createTransaction = original;
    }
    const list = await t.api('GET', `/tips?tipjarId=${jar.id}&limit=1000`, { token: admin.token });
    const tip = list.body.data.find((x: { amount: number }) => x.amount === 321);
    expect(tip.status).toBe('created');
    const retry = await giveTip(jar.id, { amount: 321 }, headers);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.tip).toMatchObject({ id: tip.id, status: 'pending' });
  });

  it('lets the reconcile job send a tip whose provider call failed', async () => {
    const original = t.ctx.opp.createTransaction.bind(t.ctx.opp);
    t.ctx.opp.createTransaction = async () => {
      throw new OppError(503, undefined, 'down');
    };
    try {
      expect((await giveTip(jar.id, { amount: 322 })).status).toBe(502);
    } finally {
      t.ctx.opp.createTransaction = original;
    }
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    const list = await t.api('GET', `/tips?tipjarId=${jar.id}&limit=1000`, { token: admin.token });
    expect(list.body.data.find((x: { amount: number }) => x.amount === 322).status).toBe('pending');
  });

  it('rate-limits tips per client address', async () => {
    // A setting is the app's from its start: an app with a limit of 2 a minute on the same database.
    const limited = await createTestApp(
      { TIP_RATE_LIMIT_PER_MINUTE: 2, TRUST_PROXY: ['loopback'] },
      { database: t.database },
    );
    try {
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody(), headers })).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('paying a tip (webhook)', () => {
  let jar: Jar;
  let other: Jar;
  beforeAll(async () => {
    jar = await orderJar({ makerLocale: 'nl' });
    other = await orderJar();
  });

  it('completes on the notification; the jar admins see it, strangers and other admins get 404', async () => {
    const tipId = await paidTip(jar.id, 'completed', { amount: 1500, message: 'Voor de koffie' });
    const own = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    expect(own.status).toBe(200);
    const tip = own.body.data.find((x: { id: string }) => x.id === tipId);
    expect(tip).toMatchObject({ status: 'completed', amount: 1500, fee: 75, displayName: 'Lotte' });
    expect(tip.email).toBeUndefined();
    expect((await t.api('GET', `/tipjars/${jar.id}/tips/${tipId}`, { token: jar.maker.token })).status).toBe(200);

    const stranger = await t.createUser();
    expect((await t.api('GET', `/tipjars/${jar.id}/tips`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/tips`, { token: other.maker.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/tips/${tipId}`, { token: other.maker.token })).status).toBe(404);
    // Another jar's admin asking through their own jar for this tip.
    expect((await t.api('GET', `/tipjars/${other.id}/tips/${tipId}`, { token: other.maker.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/tips`)).status).toBe(401);
    expect((await t.api('GET', '/tips', { token: jar.maker.token })).status).toBe(403);
    expect((await t.api('GET', `/tips/${tipId}`, { token: jar.maker.token })).status).toBe(403);

    const asAdmin = await t.api('GET', `/tips/${tipId}`, { token: admin.token });
    expect(asAdmin.body).toMatchObject({ id: tipId, email: 'lotte@example.test', status: 'completed' });
    expect(await t.api('GET', `/tips/${tipId}/outcome`)).toMatchObject({
      status: 200,
      body: { status: 'completed', final: true },
    });
  });

  it('mails the receipt in the tipper language and the new-tip mail in the admin language', async () => {
    const email = `receipt-${Date.now()}@example.test`;
    const tipId = await paidTip(jar.id, 'completed', { amount: 250, email, locale: 'nl', message: 'Top!' });
    const receipts = await mailsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Bedankt voor je fooi');
    expect(receipts[0]!.text).toContain(tipId);
    expect(receipts[0]!.text).toContain('2,50');
    expect(receipts[0]!.text).toMatch(/platformkosten.*0,13/);
    const adminMails = (await mailsTo(jar.maker.email)).filter((m) => m.text.includes('Top!'));
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]!.text).toContain('heeft een fooi van');
    expect(adminMails[0]!.text).toContain('Lotte');
  });

  it('sends nothing to the admins when the tip jar does not want tip mails', async () => {
    const quiet = await orderJar();
    const put = await t.api('PUT', `/tipjars/${quiet.id}`, {
      token: quiet.maker.token,
      body: { data: { notifyOnTip: false } },
    });
    expect(put.status, put.text).toBe(200);
    const email = `quiet-${Date.now()}@example.test`;
    await paidTip(quiet.id, 'completed', { email });
    expect(await mailsTo(email)).toHaveLength(1);
    // Its order's receipt and welcome came before; no mail about the tip.
    expect((await mailsTo(quiet.maker.email)).filter((m) => m.subject.startsWith('New tip'))).toHaveLength(0);
  });

  it('a duplicate notification gives one completed tip and one receipt', async () => {
    const email = `dup-${Date.now()}@example.test`;
    const res = await giveTip(jar.id, { email });
    const uid = uidOf(res.body.oppTransaction.redirectUrl);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const first = await t.api('POST', '/payments/opp/notify', { body: notification(`not_tip_${uid}`, uid) });
    expect(first.body).toEqual({ result: 'applied' });
    const again = await t.api('POST', '/payments/opp/notify', { body: notification(`not_tip_${uid}`, uid) });
    expect(again.body).toEqual({ result: 'duplicate' });
    // A different notification about the same (already completed) transaction: also no second receipt.
    await t.api('POST', '/payments/opp/notify', { body: notification(`not_tip2_${uid}`, uid) });
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect(await mailsTo(email)).toHaveLength(1);
    const outcome = await t.api('GET', `/tips/${res.body.tip.id}/outcome`);
    expect(outcome.body).toEqual({ status: 'completed', final: true, amount: res.body.tip.amount });
  });

  it('keeps the payment state when a mail fails', async () => {
    const original = t.ctx.mailer.send.bind(t.ctx.mailer);
    t.ctx.mailer.send = async () => {
      throw new Error('smtp down');
    };
    let tipId: string;
    try {
      tipId = await paidTip(jar.id, 'completed');
    } finally {
      t.ctx.mailer.send = original;
    }
    expect((await t.api('GET', `/tips/${tipId}/outcome`)).body.status).toBe('completed');
  });

  for (const outcome of ['cancelled', 'expired', 'failed'] as const) {
    it(`a ${outcome} payment leaves the tip ${outcome}, final, without mails`, async () => {
      const email = `${outcome}-${Date.now()}@example.test`;
      const tipId = await paidTip(jar.id, outcome, { email });
      expect((await t.api('GET', `/tips/${tipId}/outcome`)).body).toEqual({ status: outcome, final: true });
      expect(await mailsTo(email)).toHaveLength(0);
    });
  }

  it('the outcome of a paid tip names its amount from our record (the thank-you page shows it)', async () => {
    const tipId = await paidTip(jar.id, 'completed', { amount: 1234 });
    expect((await t.api('GET', `/tips/${tipId}/outcome`)).body).toEqual({
      status: 'completed',
      final: true,
      amount: 1234,
    });
  });

  it('a payment still open is pending and not final', async () => {
    const tipId = await paidTip(jar.id, 'pending');
    expect((await t.api('GET', `/tips/${tipId}/outcome`)).body).toEqual({ status: 'pending', final: false });
  });

  it('the outcome of an unknown tip is 404; a malformed id 400', async () => {
    expect((await t.api('GET', `/tips/${crypto.randomUUID()}/outcome`)).status).toBe(404);
    expect((await t.api('GET', '/tips/nope/outcome')).status).toBe(400);
  });
});

describe('privacy of anonymous tips', () => {
  it('never shows the name or e-mail of an anonymous tip to the jar admins or the public', async () => {
    const jar = await orderJar();
    const tipId = await paidTip(jar.id, 'completed', {
      privacy: 'ANONYMOUS',
      displayName: 'Secret Sam',
      email: 'secret-sam@example.test',
      message: 'anon message',
    });
    const outcome = await t.api('GET', `/tips/${tipId}/outcome`);
    // The thank-you page's read: the outcome and the amount paid, never who gave it.
    expect(outcome.body).toEqual({ status: 'completed', final: true, amount: 500 });
    const list = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    const one = await t.api('GET', `/tipjars/${jar.id}/tips/${tipId}`, { token: jar.maker.token });
    for (const text of [list.text, one.text]) {
      expect(text).not.toContain('Secret Sam');
      expect(text).not.toContain('secret-sam@example.test');
    }
    expect(one.body).toMatchObject({ displayName: null, privacy: 'ANONYMOUS', message: 'anon message' });
    // Searching for the name finds nothing: it was never stored.
    const search = await t.api('GET', `/tipjars/${jar.id}/tips?search=Secret`, { token: jar.maker.token });
    expect(search.body.metadata.count).toBe(0);
    const adminMail = (await mailsTo(jar.maker.email)).find((m) => m.text.includes('anon message'));
    expect(adminMail?.text).toContain('an anonymous listener');
    expect(adminMail?.text).not.toContain('Secret Sam');
    // Platform admins see the e-mail (for support), still no name.
    const asAdmin = await t.api('GET', `/tips/${tipId}`, { token: admin.token });
    expect(asAdmin.body).toMatchObject({ displayName: null, email: 'secret-sam@example.test' });
  });

  it('requires a name unless the tip is anonymous', async () => {
    const jar = await orderJar();
    const res = await giveTip(jar.id, { displayName: '', privacy: 'NAME_ONLY' });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.displayName']).toBeDefined();
  });
});

describe('GET /api/v1/tipjars/:id/tips (list query)', () => {
  let jar: Jar;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    jar = await orderJar();
    ids.a = await paidTip(jar.id, 'completed', { amount: 300, message: 'eerste' });
    ids.b = await paidTip(jar.id, 'cancelled', { amount: 900, message: 'tweede' });
    ids.c = await paidTip(jar.id, 'completed', { amount: 600, displayName: 'Zoekbare Zeno', message: 'derde' });
  });

  it('orders by updated desc by default', async () => {
    const res = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    expect(res.body.metadata.count).toBe(3);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([ids.c, ids.b, ids.a]);
  });

  it('sorts by amount, filters by status and searches name and message', async () => {
    const byAmount = await t.api('GET', `/tipjars/${jar.id}/tips?sortBy=amount&sortDesc=true`, {
      token: jar.maker.token,
    });
    expect(byAmount.body.data.map((x: { amount: number }) => x.amount)).toEqual([900, 600, 300]);
    const completed = await t.api('GET', `/tipjars/${jar.id}/tips?status=completed`, { token: jar.maker.token });
    expect(completed.body.metadata.count).toBe(2);
    const byName = await t.api('GET', `/tipjars/${jar.id}/tips?search=zeno`, { token: jar.maker.token });
    expect(byName.body.data.map((x: { id: string }) => x.id)).toEqual([ids.c]);
    const byMessage = await t.api('GET', `/tipjars/${jar.id}/tips?search=tweede`, { token: jar.maker.token });
    expect(byMessage.body.data.map((x: { id: string }) => x.id)).toEqual([ids.b]);
    const window = await t.api('GET', `/tipjars/${jar.id}/tips?skip=1&limit=2`, { token: jar.maker.token });
    expect(window.body.data).toHaveLength(1);
    expect((await t.api('GET', `/tipjars/${jar.id}/tips?sortBy=email`, { token: jar.maker.token })).status).toBe(400);
    expect((await t.api('GET', `/tipjars/${jar.id}/tips?status=paid`, { token: jar.maker.token })).status).toBe(400);
  });

  it('counts only paid tips in the statistics', async () => {
    const res = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: jar.maker.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tips).toEqual({ count: 2, sum: 900, refunded: 0, fees: 45, net: 855 });
    expect(res.body.recurring).toEqual({ active: 0, monthlySum: 0 });
    expect(res.body.perDay).toHaveLength(30);
    expect(res.body.perDay.at(-1)).toMatchObject({ count: 2, sum: 900 });
    expect(res.body.perDay.slice(0, -1).every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(res.body.perMonth).toHaveLength(12);
    expect(res.body.perMonth.at(-1)).toMatchObject({ count: 2, sum: 900 });
    expect(res.body.byMethod).toEqual([{ method: 'ideal', count: 2, sum: 900, refunded: 0 }]);
  });

  it('statistics are for its admins and platform admins only', async () => {
    const stranger = await t.createUser();
    expect((await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/statistics`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: admin.token })).status).toBe(200);
    expect((await t.api('GET', '/tipjars/statistics', { token: jar.maker.token })).status).toBe(403);
    const global = await t.api('GET', '/tipjars/statistics', { token: admin.token });
    expect(global.status, global.text).toBe(200);
    expect(global.body.tips.count).toBeGreaterThanOrEqual(2);
    expect(global.body.tips.net).toBe(global.body.tips.sum - global.body.tips.refunded - global.body.tips.fees);
  });
});
