import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { merchantEmail, registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal } from '../support/tipjar.js';

/**
 * Issue 13, bug 10: the provider's pages and the way back follow the language of the page the user
 * is on — a monthly tip's first payment (and its retry) from /nl shows a Dutch checkout, and a Dutch
 * maker who confirms the bank account at the provider comes back to the Dutch backoffice, whatever
 * language their account was stored with.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let counter = 0;

async function insertJar(owner: TestUser) {
  counter += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `locale-${counter}-${Date.now().toString(36)}`,
      name: `Locale Pod ${counter}`,
      status: 'LIVE',
      contactEmail: 'maker@example.test',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: owner.id });
  return row!;
}

/** The provider's checkout page of a redirect URL: its language and where it leads back to. */
async function checkoutOf(redirectUrl: string) {
  const html = await (await fetch(redirectUrl)).text();
  return { lang: /<html lang="(\w+)"/.exec(html)?.[1] };
}

const uidOf = (redirectUrl: string) => redirectUrl.split('/').pop()!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

describe('monthly tips', () => {
  it("shows the first payment's checkout in the language of the page it was started from", async () => {
    const maker = await t.createUser();
    const jar = await insertJar(maker);
    await registerMerchant(t, jar.id, maker.token);
    const tipper = await t.createUser({ locale: 'en' });
    const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: tipper.token,
      body: {
        data: { amount: 500, displayName: 'Maan', payment: { paymentmethod: ideal, paymentissuer: '' }, locale: 'nl' },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(await checkoutOf(res.body.oppTransaction.redirectUrl)).toEqual({ lang: 'nl' });

    // Unpaid; the tipper retries from the English page: that checkout is English.
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'failed');
    await awaitSimulatorDeliveries(t.ctx);
    const retry = await t.api('POST', `/user/me/recurringtips/${res.body.recurringTip.id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '', locale: 'en' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(await checkoutOf(retry.body.mandate.oppTransaction.redirectUrl)).toEqual({ lang: 'en' });
  });
});

describe('merchant registration', () => {
  it('brings a maker who verified at the provider back to the backoffice in the language they registered in', async () => {
    // The account was stored in English; the maker works on the Dutch pages.
    const maker = await t.createUser({ locale: 'en' });
    const jar = await insertJar(maker);
    const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, {
      token: maker.token,
      body: { data: { firstName: 'Mona', lastName: 'Maker', email: merchantEmail(), locale: 'nl' } },
    });
    expect(res.status, res.text).toBe(201);
    const verify = await fetch(res.body.bankAccount.verificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(verify.status).toBe(303);
    expect(verify.headers.get('location')).toBe(`${t.ctx.config.publicUrl}/nl/backoffice/${jar.slug}/registration`);
  });
});
