import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * POST users/password-strength (decision 082): the order form and every other new-password field ask
 * the API how strong a password is as it is typed, instead of loading the dictionaries in the browser.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (body: unknown, app = t) => app.api('POST', '/users/password-strength', { body });

describe('POST /api/v1/users/password-strength', () => {
  it('refuses a missing password and an over-long one (400 with the field), a body over 8 kB (413 JSON)', async () => {
    const missing = await ask({});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.password).toBeDefined();
    const long = await ask({ password: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.fields.password).toBeDefined();
    const huge = await ask({ password: 'abc', firstName: 'y'.repeat(9000) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers anyone with the reason a password is weak, the same rule registration applies', async () => {
    expect((await ask({ password: 'password123' })).body).toEqual({ ok: false, key: 'passwordCommon' });
    expect(
      (await ask({ password: 'evajansen1985', email: 'eva@example.test', firstName: 'Eva', lastName: 'Jansen' })).body,
    ).toEqual({
      ok: false,
      key: 'passwordPersonal',
    });
    expect((await ask({ password: 'zeven blauwe kikkers dansen' })).body).toEqual({ ok: true });
  });

  it('is rate limited per client (429 JSON)', async () => {
    const fresh = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await ask({ password: `try-${i}` }, fresh)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await ask({ password: 'one more' }, fresh);
    await fresh.close();
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
  });
});
