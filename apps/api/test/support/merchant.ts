import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * The maker registers the tip jar with the payment provider (backoffice 'Registratie'), as a real
 * maker must before listeners can tip: tips are paid to that merchant.
 */
export async function registerMerchant(t: TestApp, tipjarId: string, makerToken: string): Promise<string> {
  const res = await t.api('POST', `/tipjars/${tipjarId}/oppmerchant`, {
    token: makerToken,
    body: { data: { firstName: 'Mona', lastName: 'Maker', country: 'nld' } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.merchantUid ?? res.body.uid;
}
