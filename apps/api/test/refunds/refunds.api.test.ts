import { awaitSimulatorDeliveries, simulatePayment, simulateReversal, simulatorOf } from '@podpot/opp-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, tips } from '../../src/db/schema/index.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { OppError } from '../../src/payments/opp-client.js';
import { answeredStatus, refundsPaidOut } from '../support/refunds.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { orderLiveJar } from '../support/tipjar.js';

/**
 * Refunds and chargebacks of tips (issue 11, decision 015): an admin's full or partial refund, sent to
 * the provider safely; the tipper's mail; the maker's tip, statistics and next fee invoice. Real HTTP,
 * the real simulator, both databases (TEST_DB=pg for the concurrent requests).
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;

interface Jar {
  id: string;
  maker: TestUser;
}

const uidOf = (redirectUrl: string) => redirectUrl.split('/').pop()!;

const orderJar = (): Promise<Jar> => orderLiveJar(t, { paymentmethod: ideal, name: 'Refund Pod' });

/** A paid one-off tip of `amount` cents; answers its id and provider transaction uid. */
let tipped = 0;
async function paidTip(jarId: string, amount = 1000, locale: 'en' | 'nl' = 'en') {
  tipped += 1;
  const email = `fan${tipped}@example.test`;
  const res = await t.api('POST', `/tipjars/${jarId}/tips`, {
    body: {
      data: {
        amount,
        displayName: 'Lotte',
        message: 'Top!',
        email,
        payment: { paymentmethod: ideal, paymentissuer: '' },
        locale,
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  const uid = uidOf(res.body.oppTransaction.redirectUrl);
  await simulatePayment(t.ctx, uid, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return { id: res.body.tip.id as string, uid, email };
}

function refund(tipId: string, data: Record<string, unknown>, headers?: Record<string, string>, token = admin.token) {
  return t.api('POST', `/tips/${tipId}/refunds`, { token, body: { data }, headers });
}

async function tipRow(id: string) {
  const [row] = await t.database.db.select().from(tips).where(eq(tips.id, id));
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
});
afterAll(() => t.close());

describe('POST /api/v1/tips/:id/refunds', () => {
  it('refunds part of a tip: the tip stays completed with the refunded amount, the provider has the refund, the tipper is mailed', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 1000);
    const res = await refund(tip.id, { amount: 250, reason: 'Double tip by mistake' });
    expect(res.status, res.text).toBe(201);
    // 5 % fee on €10 is 50; on the €7.50 left it is 38 (half up): 12 goes back to the maker.
    expect(res.body).toMatchObject({
      tipId: tip.id,
      tipjarId: jar.id,
      kind: 'refund',
      source: 'admin',
      // Done at once, or accepted and paid out later (decision 070).
      status: answeredStatus(t),
      amount: 250,
      feeCredit: 12,
      reason: 'Double tip by mistake',
    });
    expect(res.body.providerUid).toMatch(/^ref_/);
    await refundsPaidOut(t);
    const atProvider = await t.ctx.opp.listRefunds(tip.uid);
    expect(atProvider.data.map((r) => [r.uid, r.amount])).toEqual([[res.body.providerUid, 250]]);
    // The provider may call a partly refunded payment `refunded` ("(partly) refunded").
    const partly = simulatorOf(t.ctx).modes.refundedStatus === 'after-any' ? 'refunded' : 'completed';
    expect((await t.ctx.opp.getTransaction(tip.uid)).status).toBe(partly);
    const listed = await t.api('GET', `/tips/${tip.id}/refunds`, { token: admin.token });
    expect(listed.body.data.map((r: { status: string; amount: number }) => [r.status, r.amount])).toEqual([
      ['completed', 250],
    ]);

    const seen = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}`, { token: jar.maker.token });
    expect(seen.body).toMatchObject({ status: 'completed', amount: 1000, refundedAmount: 250, refundedFee: 12 });
    const list = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}/refunds`, { token: jar.maker.token });
    expect(list.body.metadata.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ amount: 250, reason: 'Double tip by mistake' });

    const mails = (await t.outbox()).filter((m) => m.to.includes(tip.email));
    const mail = mails.find((m) => /refunded/.test(m.subject));
    expect(mail?.text).toContain('€2.50');
    expect(mail?.text).toContain('€10.00');
    expect(mail?.text).toContain('Reason: Double tip by mistake');
  });

  it('refunds the whole rest when no amount is given: the tip and its payment become refunded', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 1000, 'nl');
    expect((await refund(tip.id, { amount: 400, reason: 'Deels' })).status).toBe(201);
    const rest = await refund(tip.id, { reason: 'Rest terug' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ amount: 600, status: answeredStatus(t) });
    await refundsPaidOut(t);
    // All of the fee (50) is back with the maker: 20 + 30.
    const row = await tipRow(tip.id);
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 1000, refundedFee: 50 });
    expect(row.completedAt).not.toBeNull();
    expect((await t.ctx.opp.getTransaction(tip.uid)).status).toBe('refunded');
    await awaitSimulatorDeliveries(t.ctx);
    // The provider's `refunded` notification adds no second record.
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.tipId, tip.id));
    expect(rows.map((r) => r.amount).sort()).toEqual([400, 600]);
    const mails = (await t.outbox()).filter((m) => m.to.includes(tip.email) && /terugbetaald/.test(m.subject));
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('volledig terugbetaald') && m.text.includes('Reden: Rest terug'))).toBe(
      true,
    );
  });

  it('refuses more than is left with a 400 on data.amount, a missing reason, and tips that were not paid', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 1000);
    const tooMuch = await refund(tip.id, { amount: 1001, reason: 'x' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields['data.amount']).toEqual({ key: 'refundTooLarge', params: { max: 1000 } });
    expect((await refund(tip.id, { amount: 700, reason: 'x' })).status).toBe(201);
    const overLeft = await refund(tip.id, { amount: 301, reason: 'x' });
    expect(overLeft.status).toBe(400);
    expect(overLeft.body.fields['data.amount']).toEqual({ key: 'refundTooLarge', params: { max: 300 } });
    const noReason = await refund(tip.id, { amount: 1, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields['data.reason']).toMatchObject({ key: 'required' });
    expect((await refund(tip.id, { amount: 0, reason: 'x' })).status).toBe(400);

    const open = await t.api('POST', `/tipjars/${jar.id}/tips`, {
      body: {
        data: {
          amount: 500,
          displayName: 'X',
          email: 'open@example.test',
          payment: { paymentmethod: ideal, paymentissuer: '' },
        },
      },
    });
    expect((await refund(open.body.tip.id, { reason: 'x' })).status).toBe(409);
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'x' })).status).toBe(404);
    // Nothing was refunded by the refused calls.
    expect((await tipRow(tip.id)).refundedAmount).toBe(700);
  });

  it("tells the admin's tip read whether a refund can work: not for a tip without a provider payment (demo data)", async () => {
    const jar = await orderJar();
    const paid = await paidTip(jar.id, 800);
    expect((await t.api('GET', `/tips/${paid.id}`, { token: admin.token })).body.refundable).toBe(true);
    // As the demo data is seeded: completed, but never paid through the provider.
    const [seeded] = await t.database.db
      .insert(tips)
      .values({
        tipjarId: jar.id,
        amount: 500,
        fee: 25,
        status: 'completed',
        email: 'demo@example.test',
        completedAt: new Date(),
      })
      .returning();
    const read = await t.api('GET', `/tips/${seeded!.id}`, { token: admin.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ status: 'completed', refundable: false });
    // And indeed refunding it is refused.
    expect((await refund(seeded!.id, { reason: 'x' })).status).toBe(409);
    // The list does not say (it stays one query).
    const list = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    expect(list.body.data[0]).not.toHaveProperty('refundable');
  });

  it('is for platform admins only', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 500);
    expect((await refund(tip.id, { reason: 'x' }, undefined, jar.maker.token)).status).toBe(403);
    expect((await t.api('POST', `/tips/${tip.id}/refunds`, { body: { data: { reason: 'x' } } })).status).toBe(401);
    const stranger = await t.createUser();
    const list = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}/refunds`, { token: stranger.token });
    expect(list.status).toBe(404);
    expect((await t.api('GET', `/tips/${tip.id}/refunds`, { token: jar.maker.token })).status).toBe(403);
  });

  it('the same request twice at once refunds once (Idempotency-Key), and two full refunds at once refund once', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 1000);
    const headers = { 'Idempotency-Key': `refund-test-${tip.id}` };
    const [a, b] = await Promise.all([
      refund(tip.id, { amount: 300, reason: 'Twice' }, headers),
      refund(tip.id, { amount: 300, reason: 'Twice' }, headers),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect((await tipRow(tip.id)).refundedAmount).toBe(300);
    expect((await t.ctx.opp.listRefunds(tip.uid)).data).toHaveLength(1);
    const other = await refund(tip.id, { amount: 200, reason: 'Other' }, headers);
    expect(other.status).toBe(422);

    const [x, y] = await Promise.all([refund(tip.id, { reason: 'All' }), refund(tip.id, { reason: 'All' })]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    await refundsPaidOut(t);
    const refunded = (await t.ctx.opp.listRefunds(tip.uid)).data.reduce((sum, r) => sum + r.amount, 0);
    expect(refunded).toBe(1000);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
  });

  it('is recorded first when the provider cannot be reached, and sent once by the reconcile job', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 800);
    const original = t.ctx.opp.createRefund.bind(t.ctx.opp);
    t.ctx.opp.createRefund = async () => {
      throw new OppError(503, undefined, 'down');
    };
    let res: Awaited<ReturnType<typeof refund>>;
    try {
      res = await refund(tip.id, { amount: 800, reason: 'Provider down' });
    } finally {
      t.ctx.opp.createRefund = original;
    }
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', providerUid: null });
    // Recorded: nothing more can be refunded meanwhile.
    expect((await refund(tip.id, { amount: 1, reason: 'x' })).status).toBe(400);
    expect((await t.ctx.opp.listRefunds(tip.uid)).data).toHaveLength(0);
    await t.database.db
      .update(refunds)
      .set({ updated: new Date(Date.now() - 5 * 60_000) })
      .where(eq(refunds.id, res.body.id));
    const first = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 10_000 });
    expect(first.tipRefunds).toBe(1);
    const second = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 10_000 });
    expect(second.tipRefunds).toBe(0);
    expect((await t.ctx.opp.listRefunds(tip.uid)).data.map((r) => r.amount)).toEqual([800]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 800 });
  });
});

describe('chargebacks and refunds made at the provider', () => {
  it('a chargeback is recorded as a reversal of the tip, once, and shows to the maker', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 1000);
    expect((await refund(tip.id, { amount: 100, reason: 'Part' })).status).toBe(201);
    await simulateReversal(t.ctx, tip.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    // The poke again: a repeated notification records nothing new.
    await simulatorOf(t.ctx)
      .reverse(tip.uid, 'chargeback')
      .catch(() => undefined);
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    const list = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}/refunds`, { token: jar.maker.token });
    expect(
      list.body.data.map((r: { kind: string; source: string; amount: number }) => [r.kind, r.source, r.amount]),
    ).toEqual([
      ['refund', 'admin', 100],
      // The bank takes the whole payment back, on top of the refund (issue 34.3, decision 067).
      ['chargeback', 'provider', 1000],
    ]);
    const seen = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}`, { token: jar.maker.token });
    expect(seen.body).toMatchObject({ status: 'chargeback', refundedAmount: 1000, refundedFee: 50 });
    expect((await refund(tip.id, { reason: 'x' })).status).toBe(409);
  });

  it('a refund made at the provider is recorded and mailed to the tipper', async () => {
    const jar = await orderJar();
    const tip = await paidTip(jar.id, 600);
    await simulateReversal(t.ctx, tip.uid, 'refunded');
    await awaitSimulatorDeliveries(t.ctx);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.tipId, tip.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'refund',
      source: 'provider',
      amount: 600,
      feeCredit: 30,
      status: 'completed',
    });
    const mails = (await t.outbox()).filter((m) => m.to.includes(tip.email) && /refunded/.test(m.subject));
    expect(mails).toHaveLength(1);
  });
});

describe('the payout specification', () => {
  it('lists the refund and the chargeback as negative rows linked to their tips; the payout is less by them', async () => {
    const jar = await orderJar();
    const a = await paidTip(jar.id, 1000);
    const b = await paidTip(jar.id, 2000);
    const before = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    expect(before.status, before.text).toBe(200);
    const netBefore = before.body.data[0].net;
    const made = await refund(a.id, { amount: 400, reason: 'Partly' });
    await simulateReversal(t.ctx, b.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    const list = await t.api('GET', `/tipjars/${jar.id}/settlements`, { token: jar.maker.token });
    const settlement = list.body.data[0];
    expect(settlement.net).toBe(netBefore - 400 - 2000);
    const detail = await t.api('GET', `/tipjars/${jar.id}/settlements/${settlement.id}`, { token: jar.maker.token });
    expect(detail.status, detail.text).toBe(200);
    const negative = detail.body.rows.filter((r: { amount: number }) => r.amount < 0);
    expect(negative).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tipId: a.id, reference: made.body.providerUid, amount: -400 }),
        expect.objectContaining({ tipId: b.id, reference: b.uid, amount: -2000 }),
      ]),
    );
  });
});

describe('statistics, fee invoice and its specification', () => {
  it('statistics show gross, refunded and net; the next fee invoice credits the fee once', async () => {
    const jar = await orderJar();
    const a = await paidTip(jar.id, 1000);
    const b = await paidTip(jar.id, 2000);
    expect((await refund(a.id, { amount: 500, reason: 'Half' })).status).toBe(201);
    await simulateReversal(t.ctx, b.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);

    const stats = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: jar.maker.token });
    expect(stats.status, stats.text).toBe(200);
    // Fees 50 + 100; given back 25 (half of a) + 100 (all of b): 25 kept.
    expect(stats.body.tips).toEqual({ count: 2, sum: 3000, refunded: 2500, fees: 25, net: 475 });
    const today = stats.body.perDay.at(-1);
    expect(today).toMatchObject({ count: 2, sum: 3000, refunded: 2500 });

    // Only a finished month is invoiced (issue 34.7): the tips and their reversals move two months back.
    const now = new Date();
    const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const period = monthStart(2).toISOString().slice(0, 7);
    const paidThen = new Date(monthStart(2).getTime() + 86_400_000);
    await t.database.db.update(tips).set({ completedAt: paidThen }).where(eq(tips.tipjarId, jar.id));
    await t.database.db.update(refunds).set({ created: paidThen }).where(eq(refunds.tipjarId, jar.id));
    const invoice = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period } },
    });
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.totalInclVat).toBe(150 - 125);
    expect(invoice.body.lines.map((l: { description: string }) => l.description)).toEqual([
      `Platform fee on 2 tips in ${period}`,
      'Platform fee refunded on 2 refunds and chargebacks',
    ]);
    expect(invoice.body.lines[1].totalExVat).toBeLessThan(0);
    expect(invoice.body.totalExVat + invoice.body.vat).toBe(25);

    const csv = await t.api('GET', `/invoices/${invoice.body.id}/download/settlements`, { token: admin.token });
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes(a.id))).toEqual(
      expect.arrayContaining([expect.stringMatching(/,10\.00,0\.50$/), expect.stringMatching(/,-5\.00,-0\.25$/)]),
    );
    expect(lines.some((l) => l.includes(b.id) && l.endsWith(',-20.00,-1.00'))).toBe(true);

    // Voided, the month is invoiced again and takes its credits back; a credit is never taken twice.
    const voided = await t.api('PUT', `/invoices/${invoice.body.id}`, {
      token: admin.token,
      body: { data: { status: 'void' } },
    });
    expect(voided.status, voided.text).toBe(200);
    const again = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period } },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.totalInclVat).toBe(150 - 125);
    const after = await t.api('POST', `/tipjars/${jar.id}/invoices`, {
      token: admin.token,
      body: { data: { period: monthStart(1).toISOString().slice(0, 7) } },
    });
    // Nothing left to credit, no tips: €0.00, which is not made (issue 39.8).
    expect(after.status, after.text).toBe(400);
    expect(after.body.fields['data.period']).toEqual({ key: 'invoiceEmpty' });
  });
});
