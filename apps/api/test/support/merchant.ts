import { expect } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import type { TestApp, TestUser } from './test-app.js';

let registered = 0;
let jars = 0;

/**
 * A LIVE tip jar run by `owner`, written straight to the database with its contact details and no
 * merchant yet: ready for the maker to register with the payment provider. Its contact address is
 * its own unless `values` says otherwise.
 */
export async function insertJarToRegister(
  t: TestApp,
  owner: TestUser,
  values: Partial<typeof tipjars.$inferInsert> = {},
) {
  jars += 1;
  const unique = `${jars}-${Date.now().toString(36)}`;
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `reg-${unique}`,
      name: `Registratie ${jars}`,
      status: 'LIVE',
      contactEmail: `maker-${unique}@example.test`,
      contactPhone: '+31612345678',
      ...values,
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: owner.id });
  return jar!;
}

/**
 * An e-mail address no merchant has yet: the provider allows one merchant per address (decision 011),
 * and test tip jars often share a contact address.
 */
export function merchantEmail(): string {
  registered += 1;
  return `merchant-${registered}-${Date.now().toString(36)}@example.test`;
}

/**
 * The maker registers the tip jar with the payment provider (backoffice 'Registratie'), as a real
 * maker must before listeners can tip: tips are paid to that merchant.
 */
export async function registerMerchant(t: TestApp, tipjarId: string, makerToken: string): Promise<string> {
  const res = await t.api('POST', `/tipjars/${tipjarId}/oppmerchant`, {
    token: makerToken,
    body: { data: { firstName: 'Mona', lastName: 'Maker', country: 'nld', email: merchantEmail() } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.merchantUid ?? res.body.uid;
}
