import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTips, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Privacy rights (issue 15, decision 037) over real HTTP, the simulator and the database: a person
 * downloads everything we hold about them, and only that; erasing the account cancels their monthly
 * tip and revokes its mandate, and afterwards their name and address are nowhere in the database while
 * the tip jar's totals are what they were.
 */
let t: TestApp;
let maker: TestUser;
let ideal: string;
let jar: { id: string; slug: string };
const run = Date.now().toString(36);
const NAME = { firstName: 'Zoëlla', lastName: `Wisselaar${run}` };
const FULL_NAME = `${NAME.firstName} ${NAME.lastName}`;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  ideal = (
    await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
    })
  ).body.id;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug: `privacy-${run}`, name: 'Privacy Pod', status: 'LIVE', contactEmail: 'maker@example.test' })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  await registerMerchant(t, row!.id, maker.token);
  jar = { id: row!.id, slug: row!.slug };
});
afterAll(() => t.close());

const uidOf = (url: string) => url.split('/').pop()!;

/** A listener with a profile, a paid one-off tip (given signed in) under their own name and a paid monthly tip. */
async function listener(email: string, name = NAME) {
  const person = await t.createUser({ email });
  const profile = await t.api('PUT', '/users/me/profile', {
    token: person.token,
    body: {
      data: {
        ...name,
        phoneNumber: '+31612345678',
        address: { street: 'Koffiestraat', houseNumber: '7', postalCode: '1234 AB', city: 'Utrecht', country: 'NL' },
      },
    },
  });
  expect(profile.status, profile.text).toBe(200);
  // Given signed in: a record of the account whether or not its address is confirmed (decision 061).
  const tip = await t.api('POST', `/tipjars/${jar.id}/tips`, {
    token: person.token,
    body: {
      data: {
        amount: 700,
        displayName: `${name.firstName} ${name.lastName}`,
        message: `Groeten van ${name.lastName}`,
        email,
        payment: { paymentmethod: ideal, paymentissuer: '' },
        locale: 'nl',
      },
    },
  });
  expect(tip.status, tip.text).toBe(201);
  await simulatePayment(t.ctx, uidOf(tip.body.oppTransaction.redirectUrl), 'completed');
  const monthly = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
    token: person.token,
    body: {
      data: {
        amount: 300,
        displayName: name.firstName,
        message: `Maandelijks van ${name.lastName}`,
        payment: { paymentmethod: ideal, paymentissuer: '' },
      },
    },
  });
  expect(monthly.status, monthly.text).toBe(201);
  await simulatePayment(t.ctx, uidOf(monthly.body.oppTransaction.redirectUrl), 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  await t.outbox(); // receipts and the maker's "new tip" mails, which name the listener, are sent
  return { person, monthlyTipId: monthly.body.recurringTip.id as string };
}

async function download(person: TestUser) {
  const res = await fetch(`${t.baseUrl}/api/v1/users/me/data`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="podpot-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** Every text and JSON value in every table of ours that holds `needle` (case-insensitive): table.column → count. */
async function whereIs(needle: string): Promise<Record<string, number>> {
  const columns = (
    (await t.database.db.execute(sql`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
        and data_type in ('text', 'character varying', 'jsonb', 'json')`)) as unknown as {
      rows: { table_schema: string; table_name: string; column_name: string }[];
    }
  ).rows;
  const found: Record<string, number> = {};
  for (const c of columns) {
    const column = sql.raw(`"${c.table_schema}"."${c.table_name}"."${c.column_name}"`);
    const table = sql.raw(`"${c.table_schema}"."${c.table_name}"`);
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from ${table} where ${column}::text ilike ${`%${needle}%`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (row!.n > 0) found[`${c.table_name}.${c.column_name}`] = row!.n;
  }
  return found;
}

describe(`privacy rights (${TEST_DB})`, () => {
  it('downloads a zip of data.json and CSV files with the person’s profile, tips, monthly tip and its months — and nobody else’s', async () => {
    const email = `zoe-${run}@example.test`;
    await listener(email);
    const other = await listener(`other-${run}@example.test`, { firstName: 'Anders', lastName: `Iemand${run}` });
    const me = (await t.api('POST', '/auth/login', { form: { username: email, password: 'correct horse battery' } }))
      .body.access_token as string;

    const files = await download({ ...other.person, token: me });
    expect(Object.keys(files).sort()).toEqual([
      'data.json',
      'monthly-charges.csv',
      'monthly-tips.csv',
      'profile.csv',
      'tipjars.csv',
      'tips.csv',
    ]);
    const data = JSON.parse(files['data.json']!);
    expect(data.profile).toMatchObject({ email, ...NAME, phoneNumber: '+31612345678' });
    expect(data.profile.address.city).toBe('Utrecht');
    expect(data.profile.passwordHash).toBeUndefined();
    // The one-off tip and the monthly tip's first month, each with its privacy choice.
    expect(data.tips).toHaveLength(2);
    expect(data.tips.map((tip: { amount: number }) => tip.amount).sort()).toEqual([300, 700]);
    expect(data.tips.find((tip: { amount: number }) => tip.amount === 700)).toMatchObject({
      displayName: FULL_NAME,
      privacy: 'NAME_AND_AMOUNT',
      tipjar: 'Privacy Pod',
      status: 'completed',
    });
    expect(data.monthlyTips).toHaveLength(1);
    expect(data.monthlyTips[0]).toMatchObject({ amount: 300, status: 'active', mandateStatus: 'valid' });
    expect(data.charges).toHaveLength(1);
    expect(files['tips.csv']).toContain(`${FULL_NAME},Groeten van ${NAME.lastName}`);
    expect(files['tips.csv']).toContain('7.00');
    expect(files['profile.csv']).toContain('Koffiestraat');
    // Only the caller's own records.
    const all = Object.values(files).join('\n');
    expect(all).not.toContain('Iemand');
    expect(all).not.toContain(`other-${run}`);

    const anonymous = await fetch(`${t.baseUrl}/api/v1/users/me/data`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses to erase an account that alone runs a live tip jar, or with a wrong password', async () => {
    const sole = await t.api('POST', '/users/me/erasure', {
      token: maker.token,
      body: { data: { password: maker.password } },
    });
    expect(sole.status).toBe(409);
    expect(sole.body.code).toBe('SOLE_TIPJAR_ADMIN');
    expect(sole.body.message).toContain('Privacy Pod');

    const person = await t.createUser();
    const wrong = await t.api('POST', '/users/me/erasure', {
      token: person.token,
      body: { data: { password: 'not it' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields['data.password'].key).toBe('wrongPassword');
  });

  it('erases a person: monthly tip cancelled and its mandate revoked, name and address gone everywhere, totals unchanged', async () => {
    const email = `erase-${run}@example.test`;
    const { person, monthlyTipId } = await listener(email, { firstName: 'Femkelien', lastName: `Wismaar${run}` });
    const before = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: maker.token });
    expect(before.status).toBe(200);
    expect(await whereIs(`Wismaar${run}`)).not.toEqual({});

    const erased = await t.api('POST', '/users/me/erasure', {
      token: person.token,
      body: { data: { password: person.password } },
    });
    expect(erased.status, erased.text).toBe(200);

    const [monthly] = await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, monthlyTipId));
    expect(monthly).toMatchObject({ status: 'cancelled', mandateStatus: 'revoked' });
    expect(await whereIs(`Wismaar${run}`)).toEqual({});
    expect(await whereIs('Femkelien')).toEqual({});
    expect(await whereIs(email)).toEqual({});
    expect(await whereIs('Koffiestraat 7')).toEqual({});

    // The tip jar's money is what it was; only the running monthly tips count one less.
    const after = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: maker.token });
    const { recurring: runningBefore, ...moneyBefore } = before.body;
    const { recurring: runningAfter, ...moneyAfter } = after.body;
    expect(moneyAfter).toEqual(moneyBefore);
    expect(runningAfter).toEqual({ active: runningBefore.active - 1, monthlySum: runningBefore.monthlySum - 300 });

    // The old session and the old password are gone; the address may be used again.
    expect((await t.api('GET', '/users/me', { token: person.token })).status).toBe(401);
    const login = await t.api('POST', '/auth/login', { form: { username: email, password: person.password } });
    expect(login.status).toBe(401);
    const again = await t.createUser({ email });
    expect(again.email).toBe(email);
  });
});
