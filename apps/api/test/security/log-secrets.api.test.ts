import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { loggerOptions, redactUrl } from '../../src/lib/log-options.js';
import { signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import { createMonthlyWorld, signUpAndPay } from '../money/monthly-support.js';
import { captureLog, createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/** Issue 10: the log of a whole journey holds no secret (tokens, passwords, links, SQL values). */
let t: TestApp;
const captured = captureLog();
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: captured.stream });
});
afterAll(() => t.close());

describe(`the log of a journey (${TEST_DB})`, () => {
  it('names requests but none of the secrets in them', async () => {
    const password = 'Correct-Horse-Battery-42';
    const user = await t.createUser({ password });
    const login = await t.api('POST', '/auth/login', {
      form: { username: user.email, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all' },
    });
    expect(login.status, login.text).toBe(200);
    const access = login.body.access_token as string;
    expect((await t.api('GET', '/users/me', { token: access })).status).toBe(200);

    // A maker's personal API token (decision 096): made in a session, used, refused once revoked.
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({ slug: `log-${Date.now().toString(36)}`, name: 'Log', status: 'LIVE', contactEmail: 'l@example.test' })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: user.id });
    const made = await t.api('POST', `/tipjars/${jar!.id}/tokens`, {
      token: access,
      body: { name: 'Zapier', scopes: ['tips:read'] },
    });
    expect(made.status, made.text).toBe(201);
    const apiToken = made.body.token as string;
    expect((await t.api('GET', `/tipjars/${jar!.id}/tips`, { token: apiToken })).status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: apiToken })).status).toBe(403);
    await t.api('DELETE', `/tipjars/${jar!.id}/tokens/${made.body.id}`, { token: access });
    expect((await t.api('GET', `/tipjars/${jar!.id}/tips`, { token: apiToken })).status).toBe(401);

    // Password recovery: the reset link is opened in the browser, then used.
    expect((await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`)).status).toBe(204);
    const mail = (await t.outbox()).at(-1)!;
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await fetch(`${t.baseUrl}/password-reset?token=${resetToken}`);
    const reset = await t.api('POST', '/auth/password-reset', {
      body: { token: resetToken, new_password: 'Another-Strong-Pass-77' },
    });
    expect(reset.status, reset.text).toBe(204);

    // A monthly tip's manage link, used without a login.
    const w = await createMonthlyWorld(t);
    const tipper = await t.createUser();
    const monthlyId = await signUpAndPay(w, tipper);
    const manage = await signManageToken(t.ctx, monthlyId);
    expect((await t.api('GET', `/user/me/recurringtips/${monthlyId}?token=${manage}`)).status).toBe(200);

    // The last request's line (written after its answer went out) is in the log before it is read.
    await captured.until((text) => text.includes(`/api/v1/user/me/recurringtips/${monthlyId}?token=`));
    const log = captured.text();
    expect(log).toContain('/api/v1/users/me');
    for (const secret of [password, access, resetToken, manage, 'Another-Strong-Pass-77', user.token, apiToken]) {
      expect(log.includes(secret), `log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(log).toContain('token=[REDACTED]');
  }, 60_000);
});

describe('log serializers', () => {
  it('drop the values of a failed SQL query and credentials in URLs', () => {
    const options = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }) as unknown as {
      serializers: { err: (e: Error) => { message: string } };
    };
    const err = new Error('Failed query: select * from users where email = $1\nparams: victim@example.test');
    expect(options.serializers.err(err).message).not.toContain('victim@example.test');
    expect(redactUrl('/nl/account/recurringtips/x?token=abc.def&lang=nl')).toBe(
      '/nl/account/recurringtips/x?token=[REDACTED]&lang=nl',
    );
  });
});
