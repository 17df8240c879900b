import { awaitSimulatorDeliveries } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageLinkOf, signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import { createMonthlyWorld, type MonthlyWorld, signUpAndPay } from '../money/monthly-support.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/** Issue 10: the manage link in a mail (7 days, no password) cannot raise a debit and can be ended. */
let t: TestApp;
let w: MonthlyWorld;
beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());

const update = (id: string, token: string, data: Record<string, unknown>) =>
  t.api('PUT', `/user/me/recurringtips/${id}?token=${token}`, { body: { data } });

async function monthly(): Promise<{ id: string; tipper: TestUser }> {
  const tipper = await t.createUser();
  return { id: await signUpAndPay(w, tipper), tipper };
}

describe(`the manage link (${TEST_DB})`, () => {
  it('cannot raise the monthly amount; it can lower, pause and resume it', async () => {
    const { id, tipper } = await monthly();
    const token = await signManageToken(t.ctx, id);
    const raise = await update(id, token, { amount: 100_000 });
    expect(raise.status, raise.text).toBe(403);
    // Its own code, so the page can say that logging in is what it takes.
    expect(raise.body.code).toBe('LOGIN_REQUIRED');
    expect((await t.api('GET', `/user/me/recurringtips/${id}`, { token: tipper.token })).body.nextAmount).toBeNull();
    expect((await update(id, token, { amount: 300 })).body.nextAmount).toBe(300);
    expect((await update(id, token, { status: 'paused' })).body.status).toBe('paused');
    expect((await update(id, token, { status: 'active' })).body.status).toBe('active');
    // Signed in, the tipper may raise it.
    const raised = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { amount: 2000 } },
    });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.nextAmount).toBe(2000);
  });

  it('ends when a newer link is sent', async () => {
    const { id } = await monthly();
    const first = new URL(await manageLinkOf(t.ctx, id, 'en')).searchParams.get('token')!;
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${first}`)).status).toBe(200);
    const second = new URL(await manageLinkOf(t.ctx, id, 'nl')).searchParams.get('token')!;
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${first}`)).status).toBe(401);
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${second}`)).status).toBe(200);
  });

  it('ends with a cancellation', async () => {
    const { id } = await monthly();
    const token = new URL(await manageLinkOf(t.ctx, id, 'en')).searchParams.get('token')!;
    expect((await update(id, token, { status: 'cancelled' })).body.status).toBe('cancelled');
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${token}`)).status).toBe(401);
    // The revoked mandate's notification is on its way to us: let it land before the app closes.
    await awaitSimulatorDeliveries(t.ctx);
  });
});
