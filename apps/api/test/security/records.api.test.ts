import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoices,
  mailOutbox,
  oppTransactions,
  recurringTipCharges,
  recurringTips,
  tipjarAdmins,
  tipjars,
  tips,
} from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import {
  createMonthlyWorld,
  type MonthlyWorld,
  oneOffTip,
  signUp,
  signUpAndPay,
  startTip,
  uidOf,
} from '../money/monthly-support.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue "Safe to run with real money", docs/money-rules.md §9: money records are never deleted. Deleting a
 * tip jar or user with money history archives it — hidden, no longer tippable or able to sign in,
 * its monthly tips cancelled (tippers mailed, mandates revoked) — and keeps every tip, charge,
 * invoice and provider transaction; only a tip jar or user without any is deleted for real.
 */
let t: TestApp;
let admin: TestUser;
let w: MonthlyWorld;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  admin = await t.createUser({ role: 'ADMIN' });
  w = await createMonthlyWorld(t);
});
afterAll(async () => {
  await awaitSimulatorDeliveries(t.ctx);
  await t.close();
});

/** A tip jar ordered and paid through the real flow (a paid add-on), registered with the provider. */
async function paidJar(maker: TestUser) {
  n += 1;
  const order = await t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name: `Records Pod ${n}`,
        slug: `records-${n}-${Date.now().toString(36)}`,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '+31612345678',
        payment: { paymentmethod: w.ideal, paymentissuer: '' },
      },
    },
  });
  expect(order.status, order.text).toBe(201);
  await simulatePayment(t.ctx, uidOf(order.body.oppTransaction.redirectUrl), 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  await registerMerchant(t, order.body.tipjar.id, maker.token);
  return {
    id: order.body.tipjar.id as string,
    slug: order.body.tipjar.slug as string,
    name: order.body.tipjar.name as string,
  };
}

/** A tip jar written straight into the database, administered by `maker`. */
async function insertJar(maker: TestUser, name: string, status: 'NEW' | 'LIVE') {
  n += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug: `records-${n}-${Date.now().toString(36)}`, name, status, contactEmail: 'm@example.test' })
    .returning();
  if (!row) throw new Error('tip jar not inserted');
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row.id, userId: maker.id });
  return row;
}

async function sentInvoice(tipjarId: string) {
  const created = await t.api('POST', `/tipjars/${tipjarId}/invoices`, {
    token: admin.token,
    body: { data: { lines: [{ description: 'Platform fee', quantity: 1, unitPriceExVat: 1000 }] } },
  });
  expect(created.status, created.text).toBe(201);
  const sent = await t.api('POST', `/invoices/${created.body.id}/send`, { token: admin.token, body: {} });
  expect(sent.status, sent.text).toBe(200);
  return sent.body as { id: string; number: string; status: string };
}

/** The "your monthly tip has stopped" mails queued for `email` (other mails, e.g. receipts, aside). */
function outboxTo(email: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), like(mailOutbox.dedupeKey, 'monthly-tip-ended:%')));
}

/** The mails the outbox worker delivered to `email` with `subject`: what the tipper really receives. */
async function deliveredTo(email: string, subject: string | RegExp) {
  return (await t.outbox()).filter(
    (m) => m.to === email && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
  );
}

async function recurringTip(id: string) {
  const [row] = await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, id));
  return row!;
}

async function moneyRecordsOf(tipjarId: string) {
  const rows = await t.database.db.execute(
    sql`select
          (select count(*)::int from tips where tipjar_id = ${tipjarId}) as tips,
          (select count(*)::int from invoices where tipjar_id = ${tipjarId}) as invoices,
          (select count(*)::int from recurring_tips where tipjar_id = ${tipjarId}) as monthly,
          (select count(*)::int from recurring_tip_charges c join recurring_tips r on r.id = c.recurring_tip_id
             where r.tipjar_id = ${tipjarId}) as charges,
          (select count(*)::int from addons where tipjar_id = ${tipjarId}) as addons,
          (select count(*)::int from opp_transactions) as transactions`,
  );
  return (rows as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

describe(`DELETE /api/v1/tipjars/:id keeps the money records (${TEST_DB})`, () => {
  it('archives a tip jar with tips, a sent invoice and a monthly tip: records kept, monthly tip ended, not tippable', async () => {
    const maker = await t.createUser();
    const jar = await paidJar(maker);
    const jw: MonthlyWorld = { ...w, jar };
    for (const amount of [500, 700]) await simulatePayment(t.ctx, (await startTip(jw, amount)).uid, 'completed');
    const invoice = await sentInvoice(jar.id);
    // A Dutch listener: the monthly tip keeps the language they signed up in.
    const tipper = await t.createUser({ locale: 'nl' });
    const signedUp = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: tipper.token,
      body: {
        data: { amount: 500, displayName: 'Fan', locale: 'nl', payment: { paymentmethod: w.ideal, paymentissuer: '' } },
      },
    });
    expect(signedUp.status, signedUp.text).toBe(201);
    await simulatePayment(t.ctx, uidOf(signedUp.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const monthlyId = signedUp.body.recurringTip.id as string;
    const mandateUid = (await recurringTip(monthlyId)).mandateUid!;
    expect((await recurringTip(monthlyId)).mandateStatus).toBe('valid');
    const manageToken = await signManageToken(t.ctx, monthlyId);
    await awaitSimulatorDeliveries(t.ctx);
    const before = await moneyRecordsOf(jar.id);
    // Two invoices: the paid order's (made when it was paid, decision 080) and the one sent here.
    expect(before).toMatchObject({ tips: 3, invoices: 2, monthly: 1, charges: 1, addons: 1 });

    // The client asks first, so its dialog can say what will happen.
    const preview = await t.api('GET', `/tipjars/${jar.id}/deletion`, { token: admin.token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ deletion: 'archive', monthlyTipsToCancel: 1 });
    // Its maker may not remove a paid tip jar; the platform may.
    expect((await t.api('DELETE', `/tipjars/${jar.id}`, { token: maker.token })).status).toBe(409);
    const res = await t.api('DELETE', `/tipjars/${jar.id}`, { token: admin.token });
    expect(res.status, res.text).toBe(204);
    await awaitSimulatorDeliveries(t.ctx);

    // Every money record is still there, and the invoice is as it was.
    expect(await moneyRecordsOf(jar.id)).toEqual(before);
    const kept = await t.api('GET', `/invoices/${invoice.id}`, { token: admin.token });
    expect(kept.body).toMatchObject({ number: invoice.number, status: 'sent' });
    const adminTips = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: admin.token });
    expect(adminTips.body.metadata.count).toBe(3);
    // The tip jar is archived: platform admins still read it, its maker no longer.
    const read = await t.api('GET', `/tipjars/${jar.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body.archivedAt).toEqual(expect.any(String));
    expect((await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token })).status).toBe(404);
    expect((await t.api('GET', '/users/me', { token: maker.token })).body.tipjars).toEqual([]);

    // The monthly tip is cancelled, its manage links ended, the mandate revoked at the provider.
    const monthly = await recurringTip(monthlyId);
    expect(monthly).toMatchObject({ status: 'cancelled', mandateStatus: 'revoked', nextChargeAt: null });
    expect(monthly.cancelledAt).toBeInstanceOf(Date);
    expect((await t.ctx.opp.getMandate(mandateUid)).status).toBe('revoked');
    expect((await t.api('GET', `/user/me/recurringtips/${monthlyId}?token=${manageToken}`)).status).toBe(401);
    // Its tipper is told, in their language, through the outbox.
    const mails = await outboxTo(tipper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ dedupeKey: `monthly-tip-ended:${monthlyId}` });
    expect(mails[0]!.subject).toBe(`Je maandelijkse fooi aan ${jar.name} is gestopt - Podpot`);
    const delivered = await deliveredTo(tipper.email, mails[0]!.subject);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain('is gesloten');

    // The storefront takes nothing any more: a plain 404, never a 500.
    expect((await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data).toEqual([]);
    const tip = await t.api('POST', `/tipjars/${jar.id}/tips`, { body: oneOffTip(w.ideal, 500) });
    expect(tip.status, tip.text).toBe(404);
    expect(tip.body.code).toBe('NOT_FOUND');
    const monthlyAgain = await signUp(jw, await t.createUser());
    expect(monthlyAgain.status, monthlyAgain.text).toBe(404);
    // Nor is it changed any more.
    const put = await t.api('PUT', `/tipjars/${jar.id}`, { token: admin.token, body: { data: { name: 'Back' } } });
    expect(put.status).toBe(409);

    // Hidden from lists and search; the admin's archived filter finds it.
    const search = await t.api('GET', `/tipjars?search=${jar.slug}`, { token: admin.token });
    expect(search.body.data).toEqual([]);
    const archived = await t.api('GET', `/tipjars?search=${jar.slug}&archived=true`, { token: admin.token });
    expect(archived.body.data.map((j: { id: string }) => j.id)).toEqual([jar.id]);

    // Invoice numbers stay gap-free: the next invoice follows on.
    const next = await sentInvoice(w.jar.id);
    const [year, seq] = invoice.number.split('-').map(Number) as [number, number];
    expect(next.number).toBe(`${year}-${String(seq + 1).padStart(4, '0')}`);

    // Deleting again is harmless (it only retries what the provider has not done yet).
    expect((await t.api('DELETE', `/tipjars/${jar.id}`, { token: admin.token })).status).toBe(204);
    expect(await outboxTo(tipper.email)).toHaveLength(1);

    const check = await checkMoney(t.ctx, t.ledger);
    expect(check.violations).toEqual([]);
  });

  it('deletes a NEW tip jar that never saw a payment for real', async () => {
    const maker = await t.createUser();
    const row = await insertJar(maker, 'Never paid', 'NEW');
    const preview = await t.api('GET', `/tipjars/${row.id}/deletion`, { token: maker.token });
    expect(preview.body).toEqual({ deletion: 'delete', monthlyTipsToCancel: 0 });
    expect((await t.api('DELETE', `/tipjars/${row.id}`, { token: maker.token })).status).toBe(204);
    expect((await t.api('GET', `/tipjars/${row.id}`, { token: admin.token })).status).toBe(404);
    expect(await t.database.db.select().from(tipjars).where(eq(tipjars.id, row.id))).toEqual([]);
  });

  it('archives an unpaid order whose checkout exists, so its provider transaction keeps its owner', async () => {
    const maker = await t.createUser();
    const order = await t.api('POST', '/tipjars', {
      token: maker.token,
      body: {
        data: {
          name: 'Unpaid order',
          slug: `records-unpaid-${Date.now().toString(36)}`,
          type: 'CONSUMER',
          email: 'maker@example.test',
          phoneNumber: '+31612345678',
          payment: { paymentmethod: w.ideal, paymentissuer: '' },
        },
      },
    });
    expect(order.status, order.text).toBe(201);
    const id = order.body.tipjar.id;
    expect((await t.api('GET', `/tipjars/${id}/deletion`, { token: maker.token })).body.deletion).toBe('archive');
    expect((await t.api('DELETE', `/tipjars/${id}`, { token: maker.token })).status).toBe(204);
    expect((await t.api('GET', `/tipjars/${id}`, { token: maker.token })).status).toBe(404);
    const [kept] = await t.database.db
      .select()
      .from(oppTransactions)
      .where(and(eq(oppTransactions.kind, 'addon'), eq(oppTransactions.ownerId, order.body.addon.id)));
    expect(kept).toBeDefined();
    // A retry of the order's payment is refused: an archived tip jar takes no payments.
    const retry = await t.api('POST', `/tipjars/${id}/addons/${order.body.addon.id}/payment/retry`, {
      token: admin.token,
      body: { data: { paymentmethod: w.ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(409);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });

  it('revokes a mandate later when the provider could not be reached at the time', async () => {
    const maker = await t.createUser();
    const jar = await paidJar(maker);
    const tipper = await t.createUser();
    const monthlyId = await signUpAndPay({ ...w, jar }, tipper);
    const mandateUid = (await recurringTip(monthlyId)).mandateUid!;
    const revoke = t.ctx.opp.revokeMandate;
    t.ctx.opp.revokeMandate = async () => {
      throw new Error('provider down');
    };
    try {
      expect((await t.api('DELETE', `/tipjars/${jar.id}`, { token: admin.token })).status).toBe(204);
    } finally {
      t.ctx.opp.revokeMandate = revoke;
    }
    // Cancelled and its tipper mailed in the same transaction; only the provider's part is still open.
    expect(await recurringTip(monthlyId)).toMatchObject({ status: 'cancelled', mandateStatus: 'valid' });
    expect(await outboxTo(tipper.email)).toHaveLength(1);
    expect((await t.ctx.opp.getMandate(mandateUid)).status).not.toBe('revoked');

    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 60 });
    expect(result.revokedMandates).toBeGreaterThanOrEqual(1);
    expect((await t.ctx.opp.getMandate(mandateUid)).status).toBe('revoked');
    expect((await recurringTip(monthlyId)).mandateStatus).toBe('revoked');
    await awaitSimulatorDeliveries(t.ctx);
  });

  it('a monthly tip signed up while its tip jar is archived is refused or cancelled, never left running', async () => {
    for (let round = 0; round < 6; round++) {
      const maker = await t.createUser();
      const row = await insertJar(maker, `Race ${round}`, 'LIVE');
      await registerMerchant(t, row.id, maker.token);
      const jw: MonthlyWorld = { ...w, jar: { id: row.id, slug: row.slug } };
      const tippers = await Promise.all([1, 2, 3].map(() => t.createUser()));
      const [deleted, ...signUps] = await Promise.all([
        t.api('DELETE', `/tipjars/${row.id}`, { token: admin.token }),
        ...tippers.map((tipper) => signUp(jw, tipper)),
      ]);
      expect(deleted!.status, deleted!.text).toBe(204);
      for (const res of signUps) expect([201, 404], res.text).toContain(res.status);
      const running = await t.database.db
        .select()
        .from(recurringTips)
        .where(and(eq(recurringTips.tipjarId, row.id), ne(recurringTips.status, 'cancelled')));
      expect(running, `round ${round}`).toEqual([]);
    }
  });

  it('the reconcile job ends a monthly tip that is still running on an archived tip jar', async () => {
    const maker = await t.createUser();
    const jar = await paidJar(maker);
    const tipper = await t.createUser();
    const monthlyId = await signUpAndPay({ ...w, jar }, tipper);
    // As if it slipped in while the tip jar was being archived.
    await t.database.db.update(tipjars).set({ archivedAt: new Date() }).where(eq(tipjars.id, jar.id));
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 60 });
    expect(result.cancelledMonthlyTips).toBe(1);
    expect(await recurringTip(monthlyId)).toMatchObject({ status: 'cancelled', mandateStatus: 'revoked' });
    expect((await outboxTo(tipper.email))[0]!.subject).toMatch(/^Your monthly tip to .* has stopped - Podpot$/);
    await awaitSimulatorDeliveries(t.ctx);
  });
});

describe(`DELETE /api/v1/users/:id keeps the money records (${TEST_DB})`, () => {
  it('archives a tipper with monthly tips: token and login refused, monthly tips cancelled and mailed', async () => {
    const tipper = await t.createUser({ password: 'correct horse battery' });
    const monthlyId = await signUpAndPay(w, tipper);
    const mandateUid = (await recurringTip(monthlyId)).mandateUid!;
    const [charge] = await t.database.db
      .select()
      .from(recurringTipCharges)
      .where(eq(recurringTipCharges.recurringTipId, monthlyId));
    const preview = await t.api('GET', `/users/${tipper.id}/deletion`, { token: admin.token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ deletion: 'archive', monthlyTipsToCancel: 1, soleAdminOf: [] });

    expect((await t.api('DELETE', `/users/${tipper.id}`, { token: admin.token })).status).toBe(204);
    await awaitSimulatorDeliveries(t.ctx);

    // Their existing token no longer works, and logging in answers exactly as a wrong password does.
    expect((await t.api('GET', '/users/me', { token: tipper.token })).status).toBe(401);
    const form = (password: string) => ({
      username: tipper.email,
      password,
      grant_type: 'password',
      client_id: 'podpot-web',
      scope: 'all',
    });
    const login = await t.api('POST', '/auth/login', { form: form('correct horse battery') });
    const wrong = await t.api('POST', '/auth/login', { form: form('not the password') });
    expect(login.status).toBe(401);
    expect(login.body).toEqual(wrong.body);

    // The monthly tip is cancelled and its mandate revoked; its month and tip stay.
    expect(await recurringTip(monthlyId)).toMatchObject({ status: 'cancelled', mandateStatus: 'revoked' });
    expect((await t.ctx.opp.getMandate(mandateUid)).status).toBe('revoked');
    const [keptCharge] = await t.database.db
      .select()
      .from(recurringTipCharges)
      .where(eq(recurringTipCharges.id, charge!.id));
    expect(keptCharge).toMatchObject({ status: 'completed' });
    expect(await t.database.db.select().from(tips).where(eq(tips.id, charge!.tipId!))).toHaveLength(1);
    const mails = await outboxTo(tipper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your monthly tip to Money Pod \d+ has stopped - Podpot$/);
    const delivered = await deliveredTo(tipper.email, mails[0]!.subject);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain('account has been closed');

    // Hidden from the user list; the archived filter shows them, marked archived.
    const list = await t.api('GET', `/users?search=${encodeURIComponent(tipper.email)}`, { token: admin.token });
    expect(list.body.data).toEqual([]);
    const archived = await t.api('GET', `/users?search=${encodeURIComponent(tipper.email)}&archived=true`, {
      token: admin.token,
    });
    expect(archived.body.data).toEqual([expect.objectContaining({ id: tipper.id, archivedAt: expect.any(String) })]);

    // Safe to run again.
    expect((await t.api('DELETE', `/users/${tipper.id}`, { token: admin.token })).status).toBe(204);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });

  it('refuses to leave a tip jar without an admin; deletes a user without money records for real', async () => {
    const maker = await t.createUser();
    const helper = await t.createUser();
    const row = await insertJar(maker, 'Solo Pod', 'NEW');

    const preview = await t.api('GET', `/users/${maker.id}/deletion`, { token: admin.token });
    expect(preview.body).toEqual({
      deletion: 'delete',
      monthlyTipsToCancel: 0,
      soleAdminOf: [{ id: row.id, slug: row.slug, name: 'Solo Pod' }],
    });
    const refused = await t.api('DELETE', `/users/${maker.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Solo Pod');
    expect((await t.api('GET', '/users/me', { token: maker.token })).status).toBe(200);

    await t.database.db.insert(tipjarAdmins).values({ tipjarId: row.id, userId: helper.id });
    expect((await t.api('DELETE', `/users/${maker.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/users/${maker.id}`, { token: admin.token })).status).toBe(404);
    const admins = await t.api('GET', `/tipjars/${row.id}`, { token: helper.token });
    expect(admins.body.admins.map((a: { id: string }) => a.id)).toEqual([helper.id]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.tipjarId, row.id))).toEqual([]);
  });
});
