import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../../src/modules/webhooks/webhooks.worker.js';
import { createMonthlyWorld, type MonthlyWorld, signUpAndPay } from '../money/monthly-support.js';
import { refundsPaidOut } from '../support/refunds.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { paidTip } from '../support/tipjar.js';

/*
 * The other events of signed webhooks (decision 095): a refund paid out, a monthly tip that starts
 * (its first payment is also a paid tip) and one its tipper cancels — each queued with its change.
 */

let t: TestApp;
let w: MonthlyWorld;
let admin: TestUser;
const bodies: { type: string; data: Record<string, unknown> }[] = [];
let server: http.Server;

async function deliver() {
  await deliverDueWebhooks({ db: t.ctx.db, log: t.ctx.log, allowLoopback: true });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createMonthlyWorld(t);
  admin = await t.createUser({ role: 'ADMIN' });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      bodies.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const created = await t.api('POST', `/tipjars/${w.jar.id}/webhooks`, {
    token: admin.token,
    body: {
      data: {
        url,
        events: ['tip.completed', 'tip.refunded', 'recurring_tip.started', 'recurring_tip.ended'],
      },
    },
  });
  expect(created.status, created.text).toBe(201);
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe(`webhook events (${TEST_DB})`, () => {
  it('tells of a refund once it is paid out, with the refund', async () => {
    const tip = await paidTip(t, w.jar.id, { amount: 1000, paymentmethod: w.ideal });
    const res = await t.api('POST', `/tips/${tip.id}/refunds`, {
      token: admin.token,
      body: { data: { amount: 400, reason: 'Twice by mistake' } },
    });
    expect(res.status, res.text).toBe(201);
    await refundsPaidOut(t);
    await deliver();
    const refunded = bodies.filter((b) => b.type === 'tip.refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({
      id: tip.id,
      refundedAmount: 400,
      refund: { id: res.body.id, amount: 400 },
    });
    expect(bodies.filter((b) => b.type === 'tip.completed' && b.data.id === tip.id)).toHaveLength(1);
  });

  it('tells of a monthly tip that starts (and its first paid month) and of one that ends', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    await deliver();
    const started = bodies.filter((b) => b.type === 'recurring_tip.started');
    expect(started).toHaveLength(1);
    expect(started[0]!.data).toMatchObject({ object: 'recurring_tip', id, amount: 500, interval: 'month' });
    expect(bodies.some((b) => b.type === 'tip.completed' && b.data.recurringTipId === id)).toBe(true);

    const cancelled = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await deliver();
    const ended = bodies.filter((b) => b.type === 'recurring_tip.ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.data).toMatchObject({ id, status: 'cancelled' });
  });
});
