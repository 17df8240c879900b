import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueDeliveries } from '../../src/modules/webhooks/webhooks.repository.js';
import { verifySignature } from '../../src/modules/webhooks/webhooks.sender.js';
import { deliverDueWebhooks } from '../../src/modules/webhooks/webhooks.worker.js';
import { captureLog, createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, type LiveJar, orderLiveJar, paidTip } from '../support/tipjar.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';

/*
 * Signed webhooks (issue 41, decision 095), against a receiver this test starts on loopback
 * (FEED_ALLOW_LOOPBACK is on outside production), the real worker function and the real database.
 */

let t: TestApp;
let ideal: string;
let jar: LiveJar;
const log = captureLog();
const secrets: string[] = [];
const receivers: Receiver[] = [];

function worker(now?: Date) {
  return deliverDueWebhooks({ db: t.ctx.db, log: t.ctx.log, allowLoopback: true }, { now });
}

async function createHook(token: string, url: string, events: string[] = ['tip.completed']) {
  const res = await t.api('POST', `/tipjars/${jar.id}/webhooks`, { token, body: { data: { url, events } } });
  expect(res.status, res.text).toBe(201);
  secrets.push(res.body.secret);
  return res.body as { id: string; secret: string };
}

async function receiver(answers?: number[]) {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
}

/** The tip's request body is signed with `secret` at its own timestamp. */
function expectSigned(request: Received, secret: string) {
  const header = String(request.headers['podpot-signature']);
  const t = Number(/t=(\d+)/.exec(header)?.[1]);
  expect(verifySignature(secret, header, request.body, t, 300)).toBe(true);
  expect(verifySignature('whsec_other', header, request.body, t, 300)).toBe(false);
  expect(verifySignature(secret, header, `${request.body} `, t, 300)).toBe(false);
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', TIP_RATE_LIMIT_PER_MINUTE: 10_000 }, { logStream: log.stream });
  const admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Hook Pod' });
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

describe(`webhooks (${TEST_DB})`, () => {
  let first: Receiver;
  let hook: { id: string; secret: string };

  it('a receiver gets tip.completed once, signed, after a tip is paid', async () => {
    first = await receiver();
    hook = await createHook(jar.maker.token, first.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const list = await t.api('GET', `/tipjars/${jar.id}/webhooks`, { token: jar.maker.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].secret).toBeUndefined();
    expect(list.body.data[0].secretHint).toBe(hook.secret.slice(-4));

    const tip = await paidTip(t, jar.id, { amount: 700, paymentmethod: ideal });
    expect((await worker()).delivered).toBe(1);
    expect((await worker()).delivered).toBe(0);
    expect(first.received).toHaveLength(1);
    const [request] = first.received;
    expectSigned(request!, hook.secret);
    expect(request!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request!.body);
    expect(request!.headers['podpot-event-id']).toBe(body.id);
    expect(body).toMatchObject({
      type: 'tip.completed',
      tipjar: { id: jar.id },
      data: {
        object: 'tip',
        id: tip.id,
        amount: 700,
        currency: 'EUR',
        displayName: 'Lotte',
        privacy: 'NAME_AND_AMOUNT',
      },
    });
    // Never what the tipper wrote to the maker, never their address.
    expect(request!.body).not.toContain('lotte@example.test');
    expect(request!.body).not.toContain('Bedankt');

    const log = await t.api('GET', `/tipjars/${jar.id}/webhooks/${hook.id}/deliveries`, { token: jar.maker.token });
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      type: 'tip.completed',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
    });
  });

  it('a receiver that answered 500 twice gets the same event a third time, after the back-off', async () => {
    const flaky = await receiver([500, 500]);
    const flakyHook = await createHook(jar.maker.token, flaky.url);
    await paidTip(t, jar.id, { amount: 300, paymentmethod: ideal });
    const start = new Date();
    expect((await worker(start)).retrying).toBe(1);
    // Not due before its minute is over.
    expect(flaky.received).toHaveLength(1);
    await worker(new Date(start.getTime() + 30_000));
    expect(flaky.received).toHaveLength(1);
    expect((await worker(new Date(start.getTime() + 61_000))).retrying).toBe(1);
    expect(flaky.received).toHaveLength(2);
    const third = await worker(new Date(start.getTime() + 61_000 + 5 * 60_000 + 1_000));
    expect(third.delivered).toBe(1);
    expect(flaky.received).toHaveLength(3);
    const ids = flaky.received.map((r) => r.headers['podpot-event-id']);
    expect(new Set(ids).size).toBe(1);
    for (const r of flaky.received) expectSigned(r, flakyHook.secret);
    const log = await t.api('GET', `/tipjars/${jar.id}/webhooks/${flakyHook.id}/deliveries`, {
      token: jar.maker.token,
    });
    expect(log.body.data[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null });
    // The first endpoint got this tip once too.
    expect(first.received).toHaveLength(2);
    await t.api('DELETE', `/tipjars/${jar.id}/webhooks/${flakyHook.id}`, { token: jar.maker.token });
  });

  it('loses nothing when a worker dies between the commit and the delivery', async () => {
    const before = first.received.length;
    await paidTip(t, jar.id, { amount: 400, paymentmethod: ideal });
    // A worker claims the delivery and dies before posting it.
    const claimed = await claimDueDeliveries(t.ctx.db, { leaseMs: 5 * 60_000, limit: 10 });
    expect(claimed).toHaveLength(1);
    expect((await worker()).delivered).toBe(0);
    // Once its lease has run out, another worker delivers it.
    expect((await worker(new Date(Date.now() + 5 * 60_000 + 1_000))).delivered).toBe(1);
    expect(first.received).toHaveLength(before + 1);
  });

  it('honours each tip’s privacy: no name when anonymous, no amount unless the tipper showed it', async () => {
    const before = first.received.length;
    for (const privacy of ['ANONYMOUS', 'NAME_ONLY'] as const) {
      const res = await t.api('POST', `/tipjars/${jar.id}/tips`, {
        body: {
          data: {
            amount: 250,
            ...(privacy === 'NAME_ONLY' ? { displayName: 'Sem' } : {}),
            privacy,
            message: 'Hoi',
            email: 'sem@example.test',
            payment: { paymentmethod: ideal, paymentissuer: '' },
            locale: 'en',
          },
        },
      });
      expect(res.status, res.text).toBe(201);
      await simulatePayment(t.ctx, String(res.body.oppTransaction.redirectUrl).split('/').pop()!, 'completed');
      await awaitSimulatorDeliveries(t.ctx);
    }
    await worker();
    const [anonymous, nameOnly] = first.received.slice(before).map((r) => JSON.parse(r.body).data);
    expect(anonymous).toMatchObject({ privacy: 'ANONYMOUS', displayName: null });
    expect(anonymous.amount).toBeUndefined();
    expect(nameOnly).toMatchObject({ privacy: 'NAME_ONLY', displayName: 'Sem' });
    expect(nameOnly.amount).toBeUndefined();
    expect(nameOnly.refundedAmount).toBeUndefined();
  });

  it('sends a test event, sends a delivery again with the same event id, and only to whom chose it', async () => {
    const ping = await t.api('POST', `/tipjars/${jar.id}/webhooks/${hook.id}/test`, { token: jar.maker.token });
    expect(ping.status, ping.text).toBe(202);
    expect(ping.body).toMatchObject({ type: 'ping', status: 'pending' });
    await worker();
    const pinged = first.received.at(-1)!;
    expect(JSON.parse(pinged.body)).toMatchObject({ type: 'ping', id: ping.body.eventId });
    const again = await t.api('POST', `/tipjars/${jar.id}/webhooks/${hook.id}/deliveries/${ping.body.id}/resend`, {
      token: jar.maker.token,
    });
    expect(again.status, again.text).toBe(202);
    expect(again.body.status).toBe('pending');
    await worker();
    expect(first.received.at(-1)!.headers['podpot-event-id']).toBe(ping.body.eventId);

    // An endpoint that chose other events hears nothing of a paid tip; a disabled one neither.
    const other = await receiver();
    await createHook(jar.maker.token, other.url, ['tip.refunded']);
    const off = await t.api('PUT', `/tipjars/${jar.id}/webhooks/${hook.id}`, {
      token: jar.maker.token,
      body: { data: { enabled: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.secret).toBeUndefined();
    const count = first.received.length;
    await paidTip(t, jar.id, { amount: 200, paymentmethod: ideal });
    await worker();
    expect(other.received).toHaveLength(0);
    expect(first.received).toHaveLength(count);
    const on = await t.api('PUT', `/tipjars/${jar.id}/webhooks/${hook.id}`, {
      token: jar.maker.token,
      body: { data: { enabled: true, rollSecret: true } },
    });
    expect(on.body.secret).toMatch(/^whsec_/);
    expect(on.body.secret).not.toBe(hook.secret);
    secrets.push(on.body.secret);
  });

  it('keeps at most five endpoints per tip jar and checks every field', async () => {
    const list = await t.api('GET', `/tipjars/${jar.id}/webhooks`, { token: jar.maker.token });
    for (let i = list.body.data.length; i < 5; i++) await createHook(jar.maker.token, first.url);
    const sixth = await t.api('POST', `/tipjars/${jar.id}/webhooks`, {
      token: jar.maker.token,
      body: { data: { url: first.url, events: ['tip.completed'] } },
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.fields['data.url']).toMatchObject({ key: 'webhookLimit', params: { max: 5 } });
    const bad = await t.api('POST', `/tipjars/${jar.id}/webhooks`, {
      token: jar.maker.token,
      body: { data: { url: 'ftp://example.test/x', events: [] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields['data.url'].key).toBe('webhookBadUrl');
    expect(bad.body.fields['data.events'].key).toBe('webhookNoEvents');
  });

  it('shows a tip jar’s webhooks to its makers and platform admins only', async () => {
    const stranger: TestUser = await t.createUser();
    const other = await orderLiveJar(t, { paymentmethod: ideal, name: 'Other Pod' });
    const paths = [
      ['GET', `/tipjars/${jar.id}/webhooks`],
      ['POST', `/tipjars/${jar.id}/webhooks/${hook.id}/test`],
      ['GET', `/tipjars/${jar.id}/webhooks/${hook.id}/deliveries`],
      ['DELETE', `/tipjars/${jar.id}/webhooks/${hook.id}`],
    ] as const;
    for (const [method, path] of paths) {
      for (const token of [stranger.token, other.maker.token]) {
        expect((await t.api(method, path, { token })).status, `${method} ${path}`).toBe(404);
      }
    }
    // B's maker cannot reach A's webhook through B's own tip jar either.
    const across = await t.api('GET', `/tipjars/${other.id}/webhooks/${hook.id}/deliveries`, {
      token: other.maker.token,
    });
    expect(across.status).toBe(404);
    const admin = await t.createUser({ role: 'ADMIN' });
    expect((await t.api('GET', `/tipjars/${jar.id}/webhooks`, { token: admin.token })).status).toBe(200);
  });

  it('never writes a webhook secret to the log', async () => {
    expect(secrets.length).toBeGreaterThan(1);
    const text = log.text();
    expect(text).toContain('/webhooks');
    for (const secret of secrets) expect(text.includes(secret)).toBe(false);
    expect(text).not.toContain('whsec_');
  });
});

describe('webhook addresses where loopback is refused (production’s rule)', () => {
  let strict: TestApp;
  let maker: TestUser;
  let jarId: string;
  beforeAll(async () => {
    strict = await createTestApp({ FEED_ALLOW_LOOPBACK: 'false' });
    const admin = await strict.createUser({ role: 'ADMIN' });
    const method = await addIdeal(strict, admin.token);
    const live = await orderLiveJar(strict, { paymentmethod: method, name: 'Strict Pod', registered: false });
    maker = live.maker;
    jarId = live.id;
  }, 60_000);
  afterAll(() => strict.close());

  it.each([
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/hook',
    'https://LocalHost/hook',
    'https://127.000.000.001/hook',
    'https://127.1/hook',
    'https://0x7f000001/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://192.168.1.10/hook',
  ])('refuses %s at save', async (url) => {
    const res = await strict.api('POST', `/tipjars/${jarId}/webhooks`, {
      token: maker.token,
      body: { data: { url, events: ['tip.completed'] } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields['data.url'].key).toBe('webhookPrivateAddress');
  });
});
