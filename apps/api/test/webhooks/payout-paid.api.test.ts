import { SIM_TRANSACTION_COST } from '@podpot/opp-simulator';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedPayouts, webhookDeliveries } from '../../src/db/schema/index.js';
import { announcePaidPayouts } from '../../src/modules/settlements/settlements.announce.js';
import { verifySignature } from '../../src/modules/webhooks/webhooks.sender.js';
import { deliverDueWebhooks } from '../../src/modules/webhooks/webhooks.worker.js';
import { OppError } from '../../src/payments/opp-client.js';
import type { OppSettlement } from '../../src/payments/opp-types.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, type LiveJar, orderLiveJar, paidTip } from '../support/tipjar.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

/*
 * `payout.paid` (decision 098): the hourly job reads the simulator's settlements of tip jars that
 * listen and announces each paid one once, signed, to a receiver on loopback. The simulator settles
 * past months as paid; a tip's completion is moved into March 2025 to make one.
 */

let t: TestApp;
let admin: TestUser;
let ideal: string;
const receivers: Receiver[] = [];

const MARCH_END = '2025-03-31T23:59:59.000Z';

/** A LIVE jar with one tip of `amount`, paid (as the simulator tells it) in March 2025: a PAID payout. */
async function jarWithMarchPayout(amount = 800) {
  const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Payout Hook Pod' });
  const tip = await paidTip(t, jar.id, { amount, paymentmethod: ideal });
  const march = Date.UTC(2025, 2, 15) / 1000;
  await t.database.db.execute(
    sql`update sim_objects set data = jsonb_set(data, '{completed}', to_jsonb(${march}::bigint)) where uid = ${tip.uid}`,
  );
  return { jar, tip };
}

/** A payout.paid endpoint on a fresh receiver; `madeAt` back-dates it (an endpoint older than the payout). */
async function listen(jar: LiveJar, options: { madeAt?: string; events?: string[] } = {}) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await t.api('POST', `/tipjars/${jar.id}/webhooks`, {
    token: jar.maker.token,
    body: { data: { url: receiver.url, events: options.events ?? ['payout.paid'] } },
  });
  expect(res.status, res.text).toBe(201);
  if (options.madeAt) {
    await t.database.db.execute(
      sql`update webhook_endpoints set created = ${options.madeAt} where id = ${res.body.id}`,
    );
  }
  return { receiver, id: res.body.id as string, secret: res.body.secret as string };
}

const announce = () => announcePaidPayouts(t.ctx);
const deliver = () => deliverDueWebhooks({ db: t.ctx.db, log: t.ctx.log, allowLoopback: true });

async function deliveriesOf(endpointId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return row!.n;
}

function recorded(jarId: string) {
  return t.database.db
    .select({
      payoutId: announcedPayouts.payoutId,
      eventId: announcedPayouts.eventId,
      amountCents: announcedPayouts.amountCents,
    })
    .from(announcedPayouts)
    .where(eq(announcedPayouts.tipjarId, jarId));
}

/** Runs `fn` while the provider's settlement list passes through `change` (the simulator's answer, edited). */
async function withSettlements<T>(
  change: (merchantUid: string, s: OppSettlement[]) => OppSettlement[],
  fn: () => Promise<T>,
) {
  const original = t.ctx.opp.listSettlements.bind(t.ctx.opp);
  t.ctx.opp.listSettlements = async (merchantUid, page) => {
    const answer = await original(merchantUid, page);
    return { ...answer, data: change(merchantUid, answer.data) };
  };
  try {
    return await fn();
  } finally {
    t.ctx.opp.listSettlements = original;
  }
}

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
}, 60_000);
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

describe(`payout.paid (${TEST_DB})`, () => {
  it('announces a paid payout once, signed, with the figures of the payouts page', async () => {
    const { jar, tip } = await jarWithMarchPayout(800);
    const hook = await listen(jar, { madeAt: '2025-03-20T00:00:00Z' });
    expect((await announce()).announced).toBe(1);
    await deliver();
    expect(hook.receiver.received).toHaveLength(1);
    const [request] = hook.receiver.received;
    const header = String(request!.headers['podpot-signature']);
    const signedAt = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(verifySignature(hook.secret, header, request!.body, signedAt, 300)).toBe(true);
    const body = JSON.parse(request!.body);
    expect(request!.headers['podpot-event-type']).toBe('payout.paid');
    const page = await t.api('GET', `/tipjars/${jar.id}/settlements?status=PAID`, { token: jar.maker.token });
    const [payout] = page.body.data;
    expect(body).toMatchObject({ type: 'payout.paid', tipjar: { id: jar.id } });
    expect(body.data).toEqual({
      object: 'payout',
      id: payout.id,
      periodStart: '2025-03-01T00:00:00.000Z',
      periodEnd: MARCH_END,
      gross: 800,
      fees: tip.fee,
      costs: SIM_TRANSACTION_COST,
      net: 800 - tip.fee - SIM_TRANSACTION_COST,
      currency: 'EUR',
      paidAt: null,
      tipCount: 1,
    });
    expect(body.data).toMatchObject({ gross: payout.gross, fees: payout.fees, net: payout.net });
    expect(await recorded(jar.id)).toEqual([{ payoutId: payout.id, eventId: body.id, amountCents: payout.net }]);

    // A second run announces nothing more.
    expect((await announce()).announced).toBe(0);
    await deliver();
    expect(hook.receiver.received).toHaveLength(1);
    expect(await deliveriesOf(hook.id)).toBe(1);
  });

  it('two runs at once announce a payout once', async () => {
    const { jar } = await jarWithMarchPayout(600);
    const hook = await listen(jar, { madeAt: '2025-04-01T00:00:00Z' });
    const runs = await Promise.all([announce(), announce()]);
    expect(runs[0]!.announced + runs[1]!.announced).toBe(1);
    expect(await deliveriesOf(hook.id)).toBe(1);
    expect(await recorded(jar.id)).toHaveLength(1);
    await deliver();
    expect(hook.receiver.received).toHaveLength(1);
  });

  it('a payout not paid yet is not announced until it is paid', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Pending Pod' });
    await paidTip(t, jar.id, { amount: 900, paymentmethod: ideal });
    const hook = await listen(jar);
    // The running month (CURRENT), then as the provider reports it on its way: pending, then paid.
    await announce();
    const as = (status: string) => (merchantUid: string, list: OppSettlement[]) =>
      merchantUid !== jar.merchantUid
        ? list
        : list.map((s) =>
            status === 'paid' ? { ...s, status, amountPaid: s.amountPayable, amountPayable: 0 } : { ...s, status },
          );
    await withSettlements(as('pending'), announce);
    expect(await deliveriesOf(hook.id)).toBe(0);
    expect(await recorded(jar.id)).toHaveLength(0);
    await withSettlements(as('paid'), announce);
    await deliver();
    expect(hook.receiver.received).toHaveLength(1);
    expect(JSON.parse(hook.receiver.received[0]!.body).data).toMatchObject({ gross: 900, tipCount: 1 });
    await withSettlements(as('paid'), announce);
    expect(await deliveriesOf(hook.id)).toBe(1);
  });

  it('a payout paid long before the endpoint was made is recorded at first sight, not sent', async () => {
    const { jar } = await jarWithMarchPayout(500);
    const hook = await listen(jar);
    const run = await announce();
    expect(run.recordedQuietly).toBeGreaterThanOrEqual(1);
    expect(await recorded(jar.id)).toEqual([expect.objectContaining({ eventId: null })]);
    expect(await deliveriesOf(hook.id)).toBe(0);
    await announce();
    expect(await deliveriesOf(hook.id)).toBe(0);
  });

  it('does not ask the provider for a tip jar without a payout.paid endpoint, and goes on past one it cannot read', async () => {
    const { jar: tipsOnly } = await jarWithMarchPayout(400);
    await listen(tipsOnly, { events: ['tip.completed'] });
    const { jar: disabled } = await jarWithMarchPayout(400);
    const off = await listen(disabled, { madeAt: '2025-03-20T00:00:00Z' });
    const put = await t.api('PUT', `/tipjars/${disabled.id}/webhooks/${off.id}`, {
      token: disabled.maker.token,
      body: { data: { enabled: false } },
    });
    expect(put.status, put.text).toBe(200);
    const { jar: broken } = await jarWithMarchPayout(400);
    await listen(broken, { madeAt: '2025-03-20T00:00:00Z' });
    const { jar: fine } = await jarWithMarchPayout(400);
    const fineHook = await listen(fine, { madeAt: '2025-03-20T00:00:00Z' });

    const asked: string[] = [];
    const original = t.ctx.opp.listSettlements.bind(t.ctx.opp);
    t.ctx.opp.listSettlements = async (merchantUid, page) => {
      asked.push(merchantUid);
      if (merchantUid === broken.merchantUid) throw new OppError(503, undefined, 'down');
      return original(merchantUid, page);
    };
    try {
      const run = await announce();
      expect(run.failed).toBe(1);
      expect(run.announced).toBe(1);
    } finally {
      t.ctx.opp.listSettlements = original;
    }
    expect(asked).not.toContain(tipsOnly.merchantUid);
    expect(asked).not.toContain(disabled.merchantUid);
    expect(asked).toContain(broken.merchantUid);
    expect(await deliveriesOf(fineHook.id)).toBe(1);
    expect(await recorded(broken.id)).toHaveLength(0);
    // The provider is back: the next run announces the one it missed.
    expect((await announce()).announced).toBe(1);
  });
});
