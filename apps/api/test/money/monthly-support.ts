import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Env } from '../../src/config/env.js';
import { recurringTipCharges, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** Shared set-up of the money tests: a LIVE tip jar with a registered merchant, tippers, payments. */
export interface MonthlyWorld {
  t: TestApp;
  ideal: string;
  jar: { id: string; slug: string };
}

let n = 0;

export async function createMonthlyWorld(t: TestApp): Promise<MonthlyWorld> {
  const admin = await t.createUser({ role: 'ADMIN' });
  const maker = await t.createUser();
  const method = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
  });
  expect(method.status, method.text).toBe(201);
  n += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `money-${n}-${Date.now().toString(36)}`,
      name: `Money Pod ${n}`,
      status: 'LIVE',
      contactEmail: `money-maker-${n}@example.test`,
      contactPhone: '+31612345678',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  // The maker registers with the provider (backoffice 'Registratie'): tips go to that merchant.
  await registerMerchant(t, row!.id, maker.token);
  return { t, ideal: method.body.id, jar: { id: row!.id, slug: row!.slug } };
}

/**
 * The usual set-up of a money test file: one app (both databases) with its monthly world, closed
 * after the file, and the standing money check finding nothing at the end.
 */
export function useMonthlyWorld(overrides: Partial<Env> = {}): MonthlyWorld {
  const world = {} as MonthlyWorld;
  beforeAll(async () => {
    Object.assign(world, await createMonthlyWorld(await createTestApp(overrides)));
  });
  afterAll(async () => {
    try {
      expect((await checkMoney(world.t.ctx, world.t.ledger)).violations).toEqual([]);
    } finally {
      await world.t.close();
    }
  });
  return world;
}

/** The body of a one-off tip of `amount` cents by iDEAL. */
export function oneOffTip(ideal: string, amount: number) {
  return {
    data: {
      amount,
      displayName: 'Fan',
      email: 'fan@example.test',
      message: '',
      privacy: 'NAME_AND_AMOUNT',
      locale: 'en',
      payment: { paymentmethod: ideal, paymentissuer: '' },
    },
  };
}

/** A listener starts a one-off tip; returns the tip's id and its provider transaction uid. */
export async function startTip(w: MonthlyWorld, amount: number): Promise<{ tipId: string; uid: string }> {
  const res = await w.t.api('POST', `/tipjars/${w.jar.id}/tips`, { body: oneOffTip(w.ideal, amount) });
  expect(res.status, res.text).toBe(201);
  return { tipId: res.body.tip?.id ?? res.body.id, uid: uidOf(res.body.oppTransaction.redirectUrl) };
}

export function uidOf(redirectUrl: string): string {
  return redirectUrl.split('/').pop()!;
}

export async function signUp(w: MonthlyWorld, tipper: TestUser, amount = 500, key?: string) {
  return w.t.api('POST', `/tipjars/${w.jar.id}/recurringtips`, {
    token: tipper.token,
    headers: key ? { 'idempotency-key': key } : {},
    body: { data: { amount, displayName: 'Fan', message: '', payment: { paymentmethod: w.ideal, paymentissuer: '' } } },
  });
}

/** A tipper signs up and finishes the first payment with `outcome` on the provider's checkout. */
export async function signUpAndPay(w: MonthlyWorld, tipper: TestUser, outcome: 'completed' | 'failed' = 'completed') {
  const res = await signUp(w, tipper);
  expect(res.status, res.text).toBe(201);
  await simulatePayment(w.t.ctx, uidOf(res.body.oppTransaction.redirectUrl), outcome);
  await awaitSimulatorDeliveries(w.t.ctx);
  return res.body.recurringTip.id as string;
}

export function retryMandate(w: MonthlyWorld, tipper: TestUser, id: string) {
  return w.t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
    token: tipper.token,
    body: { data: { paymentmethod: w.ideal, paymentissuer: '' } },
  });
}

/** Raw SQL rows (the same shape on both drivers). */
export async function query<T>(t: TestApp, statement: SQL): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export function chargesOf(t: TestApp, recurringTipId: string) {
  return t.database.db.select().from(recurringTipCharges).where(eq(recurringTipCharges.recurringTipId, recurringTipId));
}

/** Every provider transaction of one month, with its status at our side. */
export function transactionsOfCharge(t: TestApp, chargeId: string) {
  return query<{ id: string; opp_uid: string | null; status: string | null; attempt: number }>(
    t,
    sql`select id, opp_uid, status, attempt from opp_transactions
        where kind = 'recurring_charge' and owner_id = ${chargeId} order by attempt`,
  );
}
