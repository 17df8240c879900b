import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * Issue 33 item 8: a maker could make any user an admin of their paid tip jar by typing the user's
 * address (Backoffice → Settings → admins), without the user knowing — and then leave them as its
 * only admin, with its tips, invoices and payouts. Adding an admin is now an invitation the invitee
 * accepts, logged in with the invited address; until then they administer nothing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1];

describe('POST /api/v1/tipjars/:id/admins: a maker adds a stranger', () => {
  it('the stranger is no admin until they accept, logged in as the invited address', async () => {
    const maker = await t.createUser();
    const stranger = await t.createUser();
    const jarId = await insertLiveJar(t, `consent-${Date.now().toString(36)}`, maker);

    const added = await t.api('POST', `/tipjars/${jarId}/admins`, {
      token: maker.token,
      body: { email: stranger.email },
    });
    expect(added.status, added.text).toBe(202);

    // Not an admin: the tip jar is a 404 for them, and it is not among theirs.
    expect((await t.api('GET', `/tipjars/${jarId}`, { token: stranger.token })).status).toBe(404);
    const mine = await t.api('GET', '/users/me', { token: stranger.token });
    expect(mine.body.tipjars ?? []).toEqual([]);
    const jar = await t.api('GET', `/tipjars/${jarId}`, { token: maker.token });
    expect(jar.body.admins.map((a: { email: string }) => a.email)).toEqual([maker.email]);

    // The maker, as the only admin, leaving cannot hand the tip jar to the stranger either.
    const left = await t.api('DELETE', `/tipjars/${jarId}/admins/me`, { token: maker.token });
    expect(left.status, left.text).toBe(200);
    expect((await t.api('GET', `/tipjars/${jarId}`, { token: stranger.token })).status).toBe(404);

    // The stranger is asked by mail; only accepting makes them an admin.
    const mail = (await t.outbox()).find((m) => m.to === stranger.email);
    const token = tokenIn(mail!.text)!;
    const accepted = await t.api('POST', `/invitations/${token}/accept`, { token: stranger.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await t.api('GET', `/tipjars/${jarId}`, { token: stranger.token })).status).toBe(200);
  });

  it('answers an address with an account and one without alike', async () => {
    const maker = await t.createUser();
    const known = await t.createUser();
    const jarId = await insertLiveJar(t, `consent-same-${Date.now().toString(36)}`, maker);
    const invite = (email: string) =>
      t.api('POST', `/tipjars/${jarId}/admins`, { token: maker.token, body: { email } });
    const a = await invite(known.email);
    const b = await invite(`nobody-${Date.now()}@example.test`);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
  });
});
