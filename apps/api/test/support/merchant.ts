import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

let registered = 0;

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
