import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { paymentMethods, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { registerMerchant } from './merchant.js';
import type { TestApp, TestUser } from './test-app.js';

let ordered = 0;

export interface LiveJar {
  id: string;
  name: string;
  maker: TestUser;
  /** Null when ordered with `registered: false`. */
  merchantUid: string | null;
}

export interface OrderedJar {
  id: string;
  slug: string;
  name: string;
  maker: TestUser;
  /** Pays the add-on on the simulator's checkout and waits for its notifications: the jar goes LIVE. */
  pay(): Promise<void>;
}

/**
 * The iDEAL payment method and a LIVE tip jar, written straight to `db`: for the tests whose app servers
 * run in child processes (no TestApp). Its ids.
 */
export async function insertIdealAndLiveJar(
  db: Database['db'],
  jar: { slug: string; name: string; contactEmail: string },
) {
  const [method] = await db
    .insert(paymentMethods)
    .values({ name: 'iDEAL', type: 'ideal', priority: 10, active: true })
    .returning();
  const [row] = await db
    .insert(tipjars)
    .values({ ...jar, status: 'LIVE', contactPhone: '+31612345678' })
    .returning();
  return { ideal: method!.id, jarId: row!.id };
}

/** A LIVE tip jar `slug` run by `owner`, written straight to the database (no order, no merchant). */
export async function insertLiveJar(t: TestApp, slug: string, owner: TestUser): Promise<string> {
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({ slug, name: slug, status: 'LIVE', contactEmail: `${slug}@example.test` })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: owner.id });
  return jar!.id;
}

/** A maker (a new user unless given) orders a tip jar; its add-on is not paid yet. */
export async function orderJar(
  t: TestApp,
  options: { paymentmethod: string; name: string; maker?: TestUser },
): Promise<OrderedJar> {
  ordered += 1;
  const maker = options.maker ?? (await t.createUser());
  const name = `${options.name} ${ordered}`;
  const res = await t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name,
        slug: `${options.name.toLowerCase().replace(/\W+/g, '-')}-${ordered}-${Date.now().toString(36)}`,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '+31 6 12345678',
        payment: { paymentmethod: options.paymentmethod, paymentissuer: '' },
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  const checkout = String(res.body.oppTransaction.redirectUrl).split('/').pop()!;
  return {
    id: res.body.tipjar.id as string,
    slug: res.body.tipjar.slug as string,
    name,
    maker,
    async pay() {
      await simulatePayment(t.ctx, checkout, 'completed');
      await awaitSimulatorDeliveries(t.ctx);
    },
  };
}

/**
 * A maker orders a tip jar and pays its add-on on the simulator's checkout, so it is LIVE; then (unless
 * `registered: false`) registers it with the payment provider, as a maker must before tips can be paid.
 */
export async function orderLiveJar(
  t: TestApp,
  options: { paymentmethod: string; name: string; registered?: boolean },
): Promise<LiveJar> {
  const { id, name, maker, pay } = await orderJar(t, options);
  await pay();
  const merchantUid = options.registered === false ? null : await registerMerchant(t, id, maker.token);
  return { id, name, maker, merchantUid };
}

/** A platform admin adds iDEAL as a payment method; answers its id. */
export async function addIdeal(t: TestApp, adminToken: string): Promise<string> {
  const res = await t.api('POST', '/paymentmethods', {
    token: adminToken,
    body: { data: { name: 'iDEAL', type: 'ideal' } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** A listener gives a tip (left open on the simulator's checkout); answers the tip and its transaction uid. */
export async function openTip(
  t: TestApp,
  jarId: string,
  data: { amount: number; paymentmethod: string; message?: string; email?: string; locale?: 'en' | 'nl' },
) {
  const res = await t.api('POST', `/tipjars/${jarId}/tips`, {
    body: {
      data: {
        amount: data.amount,
        displayName: 'Lotte',
        message: data.message ?? 'Bedankt!',
        email: data.email ?? 'lotte@example.test',
        payment: { paymentmethod: data.paymentmethod, paymentissuer: '' },
        locale: data.locale ?? 'en',
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  const tip = res.body.tip as { id: string; fee: number; status: string };
  return { id: tip.id, fee: tip.fee, uid: String(res.body.oppTransaction.redirectUrl).split('/').pop()! };
}

/** A listener's tip, paid on the simulator's checkout with its notifications delivered; answers as openTip. */
export async function paidTip(t: TestApp, jarId: string, data: Parameters<typeof openTip>[2]) {
  const tip = await openTip(t, jarId, data);
  await simulatePayment(t.ctx, tip.uid, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return tip;
}
