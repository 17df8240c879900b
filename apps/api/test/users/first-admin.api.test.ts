import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminByOperator } from '../../src/modules/users/users.service.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The first platform admin of a new deployment (`npm run users:create-admin`, docs/operations.md,
 * issue 38): made by the operator, signs in as an admin, and the trail names the platform as its author.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());

const data = {
  email: 'first-admin@example.com',
  password: 'a long and quiet harbour 17',
  firstName: 'Olga',
  lastName: 'Operator',
  locale: 'nl' as const,
};

describe('the first admin, made by the operator', () => {
  it('is an ADMIN who signs in with the password given', async () => {
    const made = await createAdminByOperator(t.ctx, data);
    expect(made.role).toBe('ADMIN');
    const login = await t.api('POST', '/auth/login', {
      form: {
        username: data.email,
        password: data.password,
        client_id: 'podpot-web',
        grant_type: 'password',
        scope: 'all',
      },
    });
    expect(login.status, login.text).toBe(200);
    const entries = await t.api('GET', `/audit?entityId=${made.id}`, { token: admin.token });
    expect(entries.body.data).toEqual([
      expect.objectContaining({ action: 'user.created', actorId: null, after: { role: 'ADMIN' } }),
    ]);
  });

  it('is refused for an address in use and for a weak password, with the reason', async () => {
    await expect(createAdminByOperator(t.ctx, data)).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    await expect(
      createAdminByOperator(t.ctx, { ...data, email: 'other-admin@example.com', password: 'password1' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
