import { createHmac } from 'node:crypto';
import { mandateState } from '@podpot/domain';
import { awaitSimulatorDeliveries, simulatePayment, simulatorFaults, simulatorOf } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The Podpot order end to end over real HTTP: order → hosted checkout of the simulator → notification
 * to our webhook → tip jar status. Both databases (TEST_DB=pg for PostgreSQL).
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let slugCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  const res = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
  });
  ideal = res.body.id;
});
afterAll(() => t.close());

function nextSlug() {
  slugCounter += 1;
  return `pay-pod-${slugCounter}-${Date.now().toString(36)}`;
}

async function order(token: string, locale?: 'en' | 'nl') {
  const slug = nextSlug();
  const res = await t.api('POST', '/tipjars', {
    token,
    body: {
      data: {
        name: 'De Testpod',
        slug,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '06 12345678',
        payment: { paymentmethod: ideal, paymentissuer: '' },
        ...(locale ? { locale } : {}),
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as {
    tipjar: { id: string; slug: string; status: string };
    addon: { id: string };
    oppTransaction: { status: string; redirectUrl: string };
  };
}

/** What a browser does on the hosted checkout page: open it, click an outcome, follow nothing. */
async function checkout(redirectUrl: string, outcome: string) {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const res = await fetch(redirectUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  await awaitSimulatorDeliveries(t.ctx);
  return { html, status: res.status, location: res.headers.get('location') };
}

async function tipjarStatus(token: string, id: string) {
  const res = await t.api('GET', `/tipjars/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.status as string;
}

function uidOf(redirectUrl: string) {
  return redirectUrl.split('/').pop()!;
}

/** The provider's own state of a transaction (read inside the simulator: never hit by the fault run's faults). */
async function simTransaction(uid: string): Promise<Record<string, unknown>> {
  return simulatorOf(t.ctx).getTransaction(uid);
}

function notification(uid: string, objectUid: string, objectUrl = `${t.ctx.opp.baseUrl}/transactions/${objectUid}`) {
  return {
    uid,
    type: 'transaction.status.changed',
    created: Math.floor(Date.now() / 1000),
    object_uid: objectUid,
    object_type: 'transaction',
    object_url: objectUrl,
    verification_hash: createHmac('sha256', t.ctx.config.OPP_NOTIFY_SECRET).update(uid).digest('hex'),
  };
}

/** An order whose add-on payment the provider completed without telling us yet. */
async function paidOrder(token: string) {
  const ordered = await order(token);
  const uid = uidOf(ordered.oppTransaction.redirectUrl);
  await simulatePayment(t.ctx, uid, 'completed', { notify: false });
  return { tipjarId: ordered.tipjar.id, uid };
}

/** Posts a notification naming `objectUrl`; also answers the provider URLs fetched meanwhile, as parsed. */
async function notifyWatchingFetches(uid: string, objectUid: string, objectUrl: string) {
  const spy = vi.spyOn(globalThis, 'fetch');
  try {
    const res = await t.api('POST', '/payments/opp/notify', { body: notification(uid, objectUid, objectUrl) });
    const provider = new URL(t.ctx.opp.baseUrl);
    const fetched = spy.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.origin === provider.origin && !url.pathname.startsWith('/api/'));
    return { res, fetched };
  } finally {
    spy.mockRestore();
  }
}

describe('ordering a tip jar and paying the Podpot add-on', () => {
  it('order → pay on the checkout page → notification → LIVE', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    expect(ordered.tipjar.status).toBe('AWAITING_PAYMENT');
    expect(ordered.oppTransaction.status).toBe('created');
    expect(ordered.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);

    const { html, status, location } = await checkout(ordered.oppTransaction.redirectUrl, 'completed');
    expect(html).toContain('€15.00');
    expect(html).toContain('iDEAL');
    expect(status).toBe(303);
    expect(location).toBe(`${t.baseUrl}/backoffice/${ordered.tipjar.slug}?welcome=true`);

    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');
    const addon = await t.api('GET', `/tipjars/${ordered.tipjar.id}/addons/${ordered.addon.id}`, {
      token: maker.token,
    });
    expect(addon.body.oppTransaction.status).toBe('completed');

    const sim = await simTransaction(uidOf(ordered.oppTransaction.redirectUrl));
    expect(sim.status).toBe('completed');
    expect(typeof sim.completed).toBe('number');
    expect((sim.statuses as { status: string }[]).map((s) => s.status)).toEqual(['created', 'pending', 'completed']);

    // The storefront now shows it to anyone.
    const pub = await t.api('GET', `/tipjars?slug=${ordered.tipjar.slug}`);
    expect(pub.body.data).toHaveLength(1);
  });

  it('renders the checkout page in Dutch and returns to the Dutch backoffice for nl orders', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token, 'nl');
    const { html, location } = await checkout(ordered.oppTransaction.redirectUrl, 'completed');
    expect(html).toContain('lang="nl"');
    expect(html).toContain('Betaald');
    expect(html).toMatch(/15,00/);
    expect(location).toBe(`${t.baseUrl}/nl/backoffice/${ordered.tipjar.slug}?welcome=true`);
  });

  it.each([
    ['expired', 'PAYMENT_EXPIRED'],
    ['cancelled', 'PAYMENT_EXPIRED'],
    ['failed', 'PAYMENT_EXPIRED'],
    ['pending', 'AWAITING_PAYMENT'],
  ])('outcome %s leaves the tip jar %s', async (outcome, expected) => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    await checkout(ordered.oppTransaction.redirectUrl, outcome);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe(expected);
  });

  it('order → expire → retry with a new transaction → pay → LIVE', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    await checkout(ordered.oppTransaction.redirectUrl, 'expired');
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('PAYMENT_EXPIRED');

    const retryPath = `/tipjars/${ordered.tipjar.id}/addons/${ordered.addon.id}/payment/retry`;
    const retry = await t.api('POST', retryPath, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.oppTransaction.status).toBe('created');
    expect(retry.body.oppTransaction.redirectUrl).not.toBe(ordered.oppTransaction.redirectUrl);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');

    // Retrying again while that payment is open answers the same payment, no second transaction.
    const again = await t.api('POST', retryPath, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(again.body.oppTransaction.redirectUrl).toBe(retry.body.oppTransaction.redirectUrl);

    await checkout(retry.body.oppTransaction.redirectUrl, 'completed');
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');

    // Paid: nothing left to retry.
    const paid = await t.api('POST', retryPath, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(paid.status).toBe(409);
  });

  it('a late expiry of an earlier attempt does not expire the order again', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    const firstUid = uidOf(ordered.oppTransaction.redirectUrl);
    // The first payment failed, but its notification was lost.
    await simulatePayment(t.ctx, firstUid, 'failed', { notify: false });
    const retry = await t.api('POST', `/tipjars/${ordered.tipjar.id}/addons/${ordered.addon.id}/payment/retry`, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(uidOf(retry.body.oppTransaction.redirectUrl)).not.toBe(firstUid);
    // Now the old notification arrives.
    const res = await t.api('POST', '/payments/opp/notify', { body: notification('not_late_1', firstUid) });
    expect(res.status).toBe(200);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');
  });
});

describe('POST /api/v1/payments/opp/notify', () => {
  it('treats a duplicate notification as a no-op', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    const uid = uidOf(ordered.oppTransaction.redirectUrl);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const body = notification('not_dup_1', uid);
    const first = await t.api('POST', '/payments/opp/notify', { body });
    expect(first.body).toEqual({ result: 'applied' });
    const second = await t.api('POST', '/payments/opp/notify', { body });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ result: 'duplicate' });
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');
  });

  it('never lets a late pending overwrite completed (out of order)', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    const uid = uidOf(ordered.oppTransaction.redirectUrl);
    await checkout(ordered.oppTransaction.redirectUrl, 'completed');
    // An old "pending" notification arrives after completion: the provider answers completed, we stay LIVE.
    const res = await t.api('POST', '/payments/opp/notify', { body: notification('not_old_pending', uid) });
    expect(res.status).toBe(200);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');
    const addon = await t.api('GET', `/tipjars/${ordered.tipjar.id}/addons/${ordered.addon.id}`, {
      token: maker.token,
    });
    expect(addon.body.oppTransaction.status).toBe('completed');
  });

  it('trusts nothing but the provider: a wrong hash only re-reads, and the order is as paid as the provider says', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    const uid = uidOf(ordered.oppTransaction.redirectUrl);
    const forged = { ...notification('not_forged', uid), verification_hash: 'a'.repeat(64) };
    // Not paid at the provider: the poke changes nothing.
    const early = await t.api('POST', '/payments/opp/notify', { body: forged });
    expect(early.status, early.text).toBe(200);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');
    // Paid at the provider (its own notification lost): the same unverified poke finds it paid.
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const late = await t.api('POST', '/payments/opp/notify', { body: forged });
    expect(late.body).toEqual({ result: 'applied' });
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');
  });

  it('refuses an object_url that names no path of the payment provider API', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    const uid = uidOf(ordered.oppTransaction.redirectUrl);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const foreign = notification('not_foreign', uid, `https://evil.example/elsewhere/transactions/${uid}`);
    const res = await t.api('POST', '/payments/opp/notify', { body: foreign });
    expect(res.status).toBe(400);
    expect(res.body.fields?.object_url).toBeDefined();
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');
  });

  it('refuses an object_url that climbs out of the provider base, fetching nothing', async () => {
    const maker = await t.createUser();
    const { tipjarId, uid } = await paidOrder(maker.token);
    const url = `${t.ctx.opp.baseUrl}/transactions/../../evil/${uid}`;
    const { res, fetched } = await notifyWatchingFetches('not_climbing', uid, url);
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields?.object_url).toBeDefined();
    expect(fetched).toEqual([]);
    expect(await tipjarStatus(maker.token, tipjarId)).toBe('AWAITING_PAYMENT');
  });

  it('never fetches an object_url on another host: the object is read by uid from the configured API (issue 34.9)', async () => {
    const maker = await t.createUser();
    const port = new URL(t.ctx.opp.baseUrl).port;
    // Another host naming the API's path (the provider's own host when we reach it through an egress
    // proxy): the poke is only a re-read by uid, from the configured API, with our key.
    for (const [i, host] of [`127.0.0.2:${port}`, `127.0.0.1.nip.io:${port}`].entries()) {
      const { tipjarId, uid } = await paidOrder(maker.token);
      const url = `http://${host}/sim/opp/v1/transactions/${uid}`;
      const spy = vi.spyOn(globalThis, 'fetch');
      try {
        const res = await t.api('POST', '/payments/opp/notify', { body: notification(`not_host_${i}`, uid, url) });
        expect(res.status, `${url} → ${res.text}`).toBe(200);
        const hosts = spy.mock.calls.map(
          ([input]) => new URL(input instanceof Request ? input.url : String(input)).host,
        );
        expect(hosts, url).not.toContain(host);
      } finally {
        spy.mockRestore();
      }
      expect(await tipjarStatus(maker.token, tipjarId)).toBe('LIVE');
    }
    // User info or a relative URL is no provider's: refused, nothing fetched.
    const { uid } = await paidOrder(maker.token);
    const refused = [
      `http://127.0.0.1:${port}@evil.example/sim/opp/v1/transactions/${uid}`,
      `/sim/opp/v1/transactions/${uid}`,
    ];
    for (const [i, url] of refused.entries()) {
      const { res, fetched } = await notifyWatchingFetches(`not_refused_${i}`, uid, url);
      expect(res.status, `${url} → ${res.text}`).toBe(400);
      expect(fetched, url).toEqual([]);
    }
  });

  it('fetches the parsed URL under the base for a URL spelled differently, never the raw string', async () => {
    const maker = await t.createUser();
    const { tipjarId, uid } = await paidOrder(maker.token);
    const base = new URL(t.ctx.opp.baseUrl);
    // 'http:127.1:port' is http://127.0.0.1:port, six characters shorter than the base as configured:
    // cut at the base's length, the raw string would end in '/../transactions/…' and leave the base.
    const spelled = `http:127.1:${base.port}${base.pathname}/abcde/../transactions/${uid}`;
    expect(new URL(spelled).href).toBe(`${t.ctx.opp.baseUrl}/transactions/${uid}`);
    const { res, fetched } = await notifyWatchingFetches('not_spelled', uid, spelled);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result).toBe('applied');
    // Once, or again after a fault the fault run injected (a 5xx or a timeout is retried): the same URL.
    expect(fetched.length).toBeGreaterThan(0);
    for (const url of fetched) expect(url.href).toBe(`${t.ctx.opp.baseUrl}/transactions/${uid}`);
    expect(await tipjarStatus(maker.token, tipjarId)).toBe('LIVE');
  });

  it('answers 400 JSON for a malformed notification', async () => {
    const res = await t.api('POST', '/payments/opp/notify', { body: { uid: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });

  it('ignores notifications for transactions that are not ours', async () => {
    const res = await t.api('POST', '/payments/opp/notify', { body: notification('not_unknown', 'tra_doesnotexist') });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ignored');
  });
});

describe('reconcile job', () => {
  it('applies a payment whose notification was lost', async () => {
    const maker = await t.createUser();
    const ordered = await order(maker.token);
    await simulatePayment(t.ctx, uidOf(ordered.oppTransaction.redirectUrl), 'completed', { notify: false });
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');
    // Not stale yet with the default age.
    await reconcileTransactions(t.ctx, t.ledger);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('AWAITING_PAYMENT');
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect(result.failed).toBe(0);
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await tipjarStatus(maker.token, ordered.tipjar.id)).toBe('LIVE');
  });
});

describe('OPP simulator API', () => {
  const key = () => ({ authorization: `Bearer ${t.ctx.config.OPP_API_KEY}`, 'content-type': 'application/json' });
  // These assert the simulator's own exact answers: its fault mode (the fault run) is off for them.
  beforeAll(() => {
    const faults = simulatorFaults(t.ctx);
    if (faults) faults.active = false;
  });
  afterAll(() => {
    const faults = simulatorFaults(t.ctx);
    if (faults) faults.active = true;
  });

  it('refuses requests without the API key', async () => {
    const res = await fetch(`${t.baseUrl}/sim/opp/v1/transactions`, { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe(401);
  });

  it('answers the same transaction for the same Idempotency-Key', async () => {
    const merchant = await t.ctx.opp.createMerchant(
      {
        type: 'consumer',
        country: 'nld',
        emailaddress: 'm@example.test',
        phone: '31612345678',
        notify_url: 'http://x',
      },
      `merchant-${Date.now()}`,
    );
    const input = {
      merchant_uid: merchant.uid,
      products: [{ name: 'Tip', price: 500, quantity: 1 }],
      total_price: 500,
      return_url: 'http://example.test/return',
      notify_url: 'http://example.test/notify',
    };
    const idem = `tip-${Date.now()}`;
    const a = await t.ctx.opp.createTransaction(input, idem);
    const b = await t.ctx.opp.createTransaction(input, idem);
    const c = await t.ctx.opp.createTransaction(input, `${idem}-other`);
    expect(b.uid).toBe(a.uid);
    expect(c.uid).not.toBe(a.uid);
    const list = await t.ctx.opp.listTransactions({ perpage: 100 });
    expect(list.data.filter((tx) => tx.uid === a.uid)).toHaveLength(1);
  });

  it('refuses a total that does not match the products', async () => {
    const res = await fetch(`${t.baseUrl}/sim/opp/v1/transactions`, {
      method: 'POST',
      headers: key(),
      body: JSON.stringify({ merchant_uid: 'mer_x', total_price: 5, products: [], return_url: 'http://r' }),
    });
    expect(res.status).toBe(400);
  });

  it('lists Dutch iDEAL banks', async () => {
    const issuers = await t.ctx.opp.listIdealIssuers();
    expect(issuers.map((i) => i.bic)).toEqual(expect.arrayContaining(['INGBNL2A', 'RABONL2U', 'ABNANL2A']));
  });

  it('charges a mandate once its first payment completed', async () => {
    const merchant = await t.ctx.opp.createMerchant(
      {
        type: 'consumer',
        country: 'nld',
        emailaddress: 'm2@example.test',
        phone: '31612345678',
        notify_url: 'http://x',
      },
      `merchant-m-${Date.now()}`,
    );
    const mandate = await t.ctx.opp.createMandate(
      {
        merchant_uid: merchant.uid,
        mandate_method: 'payment',
        mandate_type: 'consumer',
        total_price: 500,
        payment_method: 'ideal',
        return_url: 'http://example.test/r',
        notify_url: 'http://127.0.0.1:9/unreachable',
      },
      `mandate-${Date.now()}`,
    );
    expect(mandate.status).toBe('created');
    expect(mandate.redirectUrl).toMatch(/\/sim\/checkout\//);
    await expect(
      t.ctx.opp.createMandateTransaction(
        mandate.uid,
        { merchant_uid: merchant.uid, token: mandate.token!, total_price: 500, notify_url: 'http://x' },
        'charge-early',
      ),
    ).rejects.toThrow(/not usable/);
    await simulatePayment(t.ctx, uidOf(mandate.redirectUrl!), 'completed', { notify: false });
    // `completed`, or `authorized` with the other words (the simulator's mandateWords mode): usable either way.
    expect(mandateState((await t.ctx.opp.getMandate(mandate.uid)).status)).toBe('usable');
    const charge = await t.ctx.opp.createMandateTransaction(
      mandate.uid,
      { merchant_uid: merchant.uid, token: mandate.token!, total_price: 500, notify_url: 'http://x' },
      'charge-1',
    );
    expect(charge.status).toBe('planned');
    expect(charge.paymentMethod).toBe('sepa');
    const settlements = await t.ctx.opp.listSettlements(merchant.uid);
    expect(settlements.data[0]!.totalAmount).toBe(500);
  });
});
