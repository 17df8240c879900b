import type { AuditEntry } from '@podpot/domain';
import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { merchantEmail } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, openTip, orderJar, orderLiveJar } from '../support/tipjar.js';

/**
 * The audit trail (issue 15, decision 033): every change an admin or maker makes to a money-relevant
 * thing writes exactly one entry, with who did it and the minimal before → after. Real HTTP, the real
 * simulator, both databases.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

/** The entries about one thing, oldest first, read through the admin's endpoint. */
async function entriesOf(entityId: string): Promise<AuditEntry[]> {
  const res = await t.api('GET', `/audit?entityId=${entityId}&sortBy=at`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** The one entry of `action` about `entityId` (fails when there is none or more than one). */
async function onlyEntry(entityId: string, action: string): Promise<AuditEntry> {
  const found = (await entriesOf(entityId)).filter((e) => e.action === action);
  expect(found, `${action} entries of ${entityId}`).toHaveLength(1);
  return found[0]!;
}

const put = (path: string, token: string, data: unknown) => t.api('PUT', path, { token, body: { data } });

describe('tip jars', () => {
  it('records a status change by a platform admin, with the status before and after', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Status', registered: false });
    const res = await put(`/tipjars/${jar.id}`, admin.token, { status: 'SUSPENDED' });
    expect(res.status, res.text).toBe(200);
    const entry = await onlyEntry(jar.id, 'tipjar.statusChanged');
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'ADMIN',
      tipjarId: jar.id,
      entityType: 'tipjar',
      before: { status: 'LIVE' },
      after: { status: 'SUSPENDED' },
    });
    expect(entry.requestId).toBeTruthy();
    expect(entry.ip).toBe('127.0.0.1');
  });

  it("records a maker's change of the preset amounts, and nothing for a change of texts", async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Presets', registered: false });
    expect((await put(`/tipjars/${jar.id}`, jar.maker.token, { presetAmounts: [200, 700, 1500] })).status).toBe(200);
    expect((await put(`/tipjars/${jar.id}`, jar.maker.token, { description: 'Just words' })).status).toBe(200);
    const entry = await onlyEntry(jar.id, 'tipjar.updated');
    expect(entry).toMatchObject({
      actorId: jar.maker.id,
      actorRole: 'USER',
      after: { presetAmounts: [200, 700, 1500] },
    });
    expect(Object.keys(entry.after!)).toEqual(['presetAmounts']);
    expect(await entriesOf(jar.id)).toHaveLength(1);
  });

  it('records an admin invited, joined, removed and leaving, naming users by id (and their current name when read)', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Admins', registered: false });
    const helper = await t.createUser();
    const invite = () =>
      t.api('POST', `/tipjars/${jar.id}/admins`, { token: jar.maker.token, body: { email: helper.email } });
    const first = await invite();
    expect(first.status, first.text).toBe(202);
    const invited = await onlyEntry(first.body.id, 'tipjar.adminInvited');
    // The invitation by id only: the trail never holds an address that may be nobody's.
    expect(invited).toMatchObject({ tipjarId: jar.id, entityType: 'invitation', before: null, after: null });
    expect(JSON.stringify(invited)).not.toContain(helper.email);
    expect(
      (await t.api('DELETE', `/tipjars/${jar.id}/invitations/${first.body.id}`, { token: jar.maker.token })).status,
    ).toBe(204);
    await onlyEntry(first.body.id, 'tipjar.invitationWithdrawn');

    await invite();
    const link = (await t.outbox()).filter((m) => m.to === helper.email).pop()!;
    const token = /token=([\w-]+)/.exec(link.text)![1];
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: helper.token })).status).toBe(200);
    const joined = await onlyEntry(helper.id, 'tipjar.adminJoined');
    expect(joined).toMatchObject({ tipjarId: jar.id, entityType: 'user', after: { userId: helper.id }, before: null });
    expect(joined.actorId).toBe(helper.id);
    expect(joined.entityName).toMatch(/^Test User \d+$/);

    const removed = await t.api('DELETE', `/tipjars/${jar.id}/admins`, {
      token: jar.maker.token,
      body: { email: helper.email },
    });
    expect(removed.status, removed.text).toBe(200);
    const gone = await onlyEntry(helper.id, 'tipjar.adminRemoved');
    expect(gone).toMatchObject({ before: { userId: helper.id }, after: null, actorId: jar.maker.id });

    expect((await t.api('DELETE', `/tipjars/${jar.id}/admins/me`, { token: jar.maker.token })).status).toBe(200);
    const left = await onlyEntry(jar.maker.id, 'tipjar.adminLeft');
    expect(left).toMatchObject({ before: { userId: jar.maker.id }, after: { handedToPlatform: true } });
  });

  it('records archiving a tip jar once (also an unpaid order), and deleting a NEW one', async () => {
    const live = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Archive', registered: false });
    expect((await t.api('DELETE', `/tipjars/${live.id}`, { token: admin.token })).status).toBe(204);
    // Again: only retries the revocations, no second entry.
    expect((await t.api('DELETE', `/tipjars/${live.id}`, { token: admin.token })).status).toBe(204);
    const archived = await onlyEntry(live.id, 'tipjar.archived');
    expect(archived).toMatchObject({ before: { status: 'LIVE' }, after: { archived: true } });

    // An unpaid order has a payment already: its maker's delete archives it.
    const unpaid = await orderJar(t, { paymentmethod: ideal, name: 'Audit Unpaid' });
    expect((await t.api('DELETE', `/tipjars/${unpaid.id}`, { token: unpaid.maker.token })).status).toBe(204);
    expect(await onlyEntry(unpaid.id, 'tipjar.archived')).toMatchObject({
      actorId: unpaid.maker.id,
      before: { status: 'AWAITING_PAYMENT' },
    });

    // A NEW tip jar that never saw a payment is deleted for real; its history outlives it.
    const [fresh] = await t.database.db
      .insert(tipjars)
      .values({ slug: `audit-new-${Date.now().toString(36)}`, name: 'Fresh', contactEmail: 'f@example.test' })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: fresh!.id, userId: unpaid.maker.id });
    expect((await t.api('DELETE', `/tipjars/${fresh!.id}`, { token: unpaid.maker.token })).status).toBe(204);
    expect(await onlyEntry(fresh!.id, 'tipjar.deleted')).toMatchObject({ before: { status: 'NEW' }, after: null });
  });
});

describe('payment methods', () => {
  it('records create, update (changed fields only) and delete', async () => {
    const created = await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'Bancontact', type: 'bcmc', priority: 1 } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect((await put(`/paymentmethods/${id}`, admin.token, { active: false, name: 'Bancontact' })).status).toBe(200);
    expect((await t.api('DELETE', `/paymentmethods/${id}`, { token: admin.token })).status).toBe(204);
    expect((await onlyEntry(id, 'paymentmethod.created')).after).toMatchObject({ name: 'Bancontact', priority: 1 });
    const updated = await onlyEntry(id, 'paymentmethod.updated');
    expect(updated.before).toEqual({ active: true });
    expect(updated.after).toEqual({ active: false });
    expect((await onlyEntry(id, 'paymentmethod.deleted')).before).toMatchObject({ name: 'Bancontact', active: false });
  });
});

describe('merchants', () => {
  it('records registration by the maker, migration, disconnect and connect by an admin', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Merchant', registered: false });
    const other = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Merchant Two', registered: false });
    const registered = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, {
      token: jar.maker.token,
      body: { data: { firstName: 'Mona', lastName: 'Maker', country: 'nld', email: merchantEmail() } },
    });
    expect(registered.status, registered.text).toBe(201);
    const uid = registered.body.merchantUid as string;
    const migrated = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/migrate`, {
      token: jar.maker.token,
      body: { data: { cocNumber: '87654321', country: 'nld' } },
    });
    expect(migrated.status, migrated.text).toBe(200);
    const off = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/disconnect`, { token: admin.token, body: {} });
    expect(off.status).toBe(204);
    const on = await t.api('POST', `/tipjars/${other.id}/oppmerchant/connect`, {
      token: admin.token,
      body: { merchantUid: uid },
    });
    expect(on.status, on.text).toBe(200);

    const ofJar = (
      await t.api('GET', `/audit?tipjarId=${jar.id}&entityType=merchant&sortBy=at`, { token: admin.token })
    ).body.data as AuditEntry[];
    expect(ofJar.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      ['merchant.registered', jar.maker.id, null, { merchantUid: uid, merchantType: 'consumer' }],
      ['merchant.migrated', jar.maker.id, { merchantType: 'consumer' }, { merchantType: 'business' }],
      ['merchant.disconnected', admin.id, { merchantUid: uid, merchantType: 'business' }, null],
    ]);
    const connected = (
      await t.api('GET', `/audit?tipjarId=${other.id}&action=merchant.connected`, { token: admin.token })
    ).body.data as AuditEntry[];
    expect(connected).toHaveLength(1);
    expect(connected[0]!.after).toEqual({ merchantUid: uid, merchantType: 'business' });
  });
});

describe('invoices and refunds', () => {
  it('records an invoice created, changed, sent, paid; another voided; the latest draft deleted', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Invoice', registered: false });
    const lines = (unitPriceExVat: number) => [{ description: 'Order', quantity: 1, unitPriceExVat }];
    const create = async () => {
      const res = await t.api('POST', '/invoices', {
        token: admin.token,
        body: { data: { tipjarId: jar.id, lines: lines(1000) } },
      });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; number: string };
    };
    const first = await create();
    expect((await put(`/invoices/${first.id}`, admin.token, { lines: lines(2000) })).status).toBe(200);
    expect((await t.api('POST', `/invoices/${first.id}/send`, { token: admin.token, body: {} })).status).toBe(200);
    expect((await put(`/invoices/${first.id}`, admin.token, { status: 'paid' })).status).toBe(200);
    const second = await create();
    expect((await put(`/invoices/${second.id}`, admin.token, { status: 'void' })).status).toBe(200);
    const third = await create();
    expect((await t.api('DELETE', `/invoices/${third.id}`, { token: admin.token })).status).toBe(204);

    expect((await entriesOf(first.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'invoice.created',
        null,
        { number: first.number, period: null, status: 'draft', totalExVat: 1000, totalInclVat: 1210 },
      ],
      [
        'invoice.updated',
        { totalExVat: 1000, totalInclVat: 1210 },
        { number: first.number, totalExVat: 2000, totalInclVat: 2420 },
      ],
      ['invoice.sent', { status: 'draft' }, { number: first.number, status: 'sent' }],
      ['invoice.paid', { status: 'sent' }, { number: first.number, status: 'paid' }],
    ]);
    expect((await onlyEntry(second.id, 'invoice.voided')).after).toEqual({ number: second.number, status: 'void' });
    expect((await onlyEntry(third.id, 'invoice.deleted')).before).toMatchObject({ number: third.number });
  });

  it('records a refund with its amount and reason', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Refund' });
    const tip = await openTip(t, jar.id, { amount: 1000, paymentmethod: ideal });
    await simulatePayment(t.ctx, tip.uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const res = await t.api('POST', `/tips/${tip.id}/refunds`, {
      token: admin.token,
      body: { data: { amount: 400, reason: 'Double payment' } },
    });
    expect(res.status, res.text).toBe(201);
    const entry = await onlyEntry(res.body.id, 'refund.created');
    expect(entry).toMatchObject({ tipjarId: jar.id, entityType: 'refund', before: null });
    expect(entry.after).toMatchObject({ tipId: tip.id, amount: 400, reason: 'Double payment' });
  });
});

describe('users', () => {
  it('records a user created with a role, a role change (not a profile edit), and deleting', async () => {
    const created = await t.api('POST', '/users', {
      token: admin.token,
      body: {
        data: {
          email: `audit-${Date.now()}@example.test`,
          password: 'a long audit passphrase',
          firstName: 'Ada',
          lastName: 'Audit',
          role: 'ADMIN',
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    expect((await put(`/users/${id}`, admin.token, { role: 'USER' })).status).toBe(200);
    expect((await put(`/users/${id}`, admin.token, { firstName: 'Adele' })).status).toBe(200);
    expect((await onlyEntry(id, 'user.created')).after).toEqual({ role: 'ADMIN' });
    const changed = await onlyEntry(id, 'user.roleChanged');
    expect([changed.before, changed.after]).toEqual([{ role: 'ADMIN' }, { role: 'USER' }]);
    expect(changed.entityName).toBe('Adele Audit');
    expect(await entriesOf(id)).toHaveLength(2);

    // A user without money records is deleted for real; the entries about them stay.
    expect((await t.api('DELETE', `/users/${id}`, { token: admin.token })).status).toBe(204);
    expect((await onlyEntry(id, 'user.deleted')).before).toEqual({ role: 'USER' });
  });

  it('never writes a password, hash or token into the trail', async () => {
    const res = await t.api('GET', '/audit?limit=1000', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/password|passphrase|argon2|token/i);
  });
});
