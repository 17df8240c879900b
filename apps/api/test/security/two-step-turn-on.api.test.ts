import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/two-step/two-step.codes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33, item 7: two-step login could be turned on with a stolen session alone (no password), which
 * locks the owner out (the thief holds the authenticator), and nobody told the owner. Now confirming
 * the setup needs the current password, and the owner is mailed "two-step login turned on" in their
 * language, with what to do when it was not them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function startSetup(token: string): Promise<string> {
  const setup = await t.api('POST', '/users/me/two-step/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  return setup.body.secret;
}

describe('turning two-step login on with a stolen session', () => {
  it('is refused without the password, and with a wrong one: the owner still signs in with the password alone', async () => {
    const owner = await t.createUser({ password: 'correct horse battery' });
    const secret = await startSetup(owner.token);
    const bare = await t.api('POST', '/users/me/two-step/confirm', {
      token: owner.token,
      body: { data: { code: totpCode(secret) } },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.fields?.['data.password']).toBeDefined();
    const wrong = await t.api('POST', '/users/me/two-step/confirm', {
      token: owner.token,
      body: { data: { code: totpCode(secret), password: 'not the password' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    const login = await t.api('POST', '/auth/login', {
      form: { username: owner.email, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body.access_token).toBeDefined();
  });

  it('with the password it turns on, and the owner is mailed in their language what to do if it was not them', async () => {
    const owner = await t.createUser({ password: 'correct horse battery', locale: 'nl' });
    const secret = await startSetup(owner.token);
    const confirmed = await t.api('POST', '/users/me/two-step/confirm', {
      token: owner.token,
      body: { data: { code: totpCode(secret), password: 'correct horse battery' } },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const mail = (await t.outbox()).find((m) => m.to === owner.email && /twee stappen staat aan/.test(m.subject));
    expect(mail?.subject).toBe('Inloggen in twee stappen staat aan - Podpot');
    expect(mail?.text).toContain('Was jij dit niet?');
    expect(mail?.text).toContain('/nl/password-recovery');
    expect(mail?.text).toContain('/nl/support');
  });
});
