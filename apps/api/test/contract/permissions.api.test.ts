import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, recurringTips, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The permission matrix over EVERY operation in the OpenAPI document, with real ids of a real tip
 * jar, tip and add-on: who may read what. Anonymous callers and strangers must never get a 2xx from
 * anything that is not public; a tip jar's data must never reach another tip jar's admin; platform
 * admins can read everything.
 */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let stranger: TestUser;
let ops: { method: string; path: string; tokenScopes?: string[]; manageToken?: boolean }[];
const ids: Record<string, string> = {};
let apiToken: string;
let manageToken: string;

/** Operations anyone may call (the storefront, sign-up, login, the provider's webhook). */
const PUBLIC = new Set([
  // A podcast's artwork as we stored it from its feed: shown on the public storefront.
  'GET /artworks/{id}',
  // Reading a feed for the order form: a new maker has no account yet (rate-limited per caller, decision 082).
  'POST /feeds/preview',
  'POST /auth/login',
  // The second step of a login: the signed challenge of the password step is the credential (decision 036).
  'POST /auth/two-step',
  'POST /auth/password-recover/{email}',
  'POST /auth/password-reset',
  'GET /faqitems',
  'GET /faqitems/{id}',
  'GET /paymentmethods',
  'GET /paymentmethods/{id}',
  'POST /payments/opp/notify',
  'POST /tipjars',
  'POST /tipjars/create/test-email',
  'POST /tipjars/create/test-phonenumber',
  'POST /tipjars/{id}/tips',
  // A LIVE tip jar's shared files: the badge in show notes, the QR code and the poster (decision 031).
  'GET /tipjars/slug/{slug}/badge.svg',
  'GET /tipjars/slug/{slug}/qr.svg',
  'GET /tipjars/slug/{slug}/qr.png',
  'GET /tipjars/slug/{slug}/poster.pdf',
  // An episode's tip page data and its shared files (decision 034).
  'GET /tipjars/slug/{slug}/e/{episodeId}',
  'GET /tipjars/slug/{slug}/e/{episodeId}/badge.svg',
  'GET /tipjars/slug/{slug}/e/{episodeId}/qr.svg',
  'GET /tipjars/slug/{slug}/e/{episodeId}/qr.png',
  'GET /tipjars/slug/{slug}/e/{episodeId}/poster.pdf',
  'GET /tips/{id}/outcome',
  // An invitation to administer a tip jar: its mailed link is the credential to see or decline it (decision 062).
  'GET /invitations/{token}',
  'POST /invitations/{token}/decline',
  'POST /users/register',
  'POST /users/register/test-email',
  // The strength of a new password as it is typed, before any account exists (decision 082).
  'POST /users/password-strength',
  // The link in the "confirm your e-mail address" mail: its signed token is the credential (decision 061).
  'POST /users/email-confirmation',
]);
/** Operations on the caller's own things (any signed-in user). */
const OWN = new Set([
  'GET /users/me',
  'PUT /users/me/profile',
  'PUT /users/me/password',
  // Their own two-step login (decision 036): turning it off and new recovery codes also need a code.
  'GET /users/me/two-step',
  'POST /users/me/two-step/setup',
  'POST /users/me/two-step/confirm',
  'POST /users/me/two-step/disable',
  'POST /users/me/two-step/recovery-codes',
  // Their own data and its erasure (decision 037; erasure also needs the password).
  'GET /users/me/data',
  'POST /users/me/erasure',
  'POST /users/me/email-confirmation',
  'GET /tipjars',
  'GET /user/me/recurringtips',
  'POST /tipjars/{id}/recurringtips',
]);

/**
 * Operations the manage link in a mail opens for its ONE monthly or yearly tip, without a login: its
 * token (?token=, x-manage-token or bearer) stands for the tipper of exactly that tip.
 */
const MANAGE_LINK = new Set([
  'GET /user/me/recurringtips/{id}',
  'PUT /user/me/recurringtips/{id}',
  'POST /user/me/recurringtips/{id}/mandate/retry',
  // The private supporter feed of that tip: its URL, and a new one (decision 090).
  'GET /user/me/recurringtips/{id}/feed',
  'POST /user/me/recurringtips/{id}/feed/rotate',
]);

function fill(path: string) {
  return (
    path
      .replace('{id}', ids.jar!)
      .replace('{addonId}', ids.addon!)
      .replace('{tipId}', ids.tip!)
      .replace('{invoiceId}', ids.invoice!)
      // {episodeId} names a bonus episode under bonus-episodes, a feed's episode elsewhere.
      .replace('{episodeId}', path.includes('/bonus-episodes/') ? ids.bonusEpisode! : ids.episode!)
      .replace('{uploadId}', ids.bonusUpload!)
      .replace('{webhookId}', ids.webhook!)
      .replace('{deliveryId}', ids.delivery!)
      .replace('{tokenId}', ids.apiToken!)
      .replace('{token}', 'no-such-invitation-token-0000000000000000')
      .replace('{email}', encodeURIComponent('nobody@example.test'))
  );
}

beforeAll(async () => {
  // The token walk below makes a request per operation with one API token.
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  stranger = await t.createUser();
  const ideal = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal' } },
  });
  // A tip jar ordered and paid for through the real flow, and a paid tip in it.
  const order = await t.api('POST', '/tipjars', {
    token: maker.token,
    body: {
      data: {
        name: 'Matrix Pod',
        slug: `matrix-${Date.now().toString(36)}`,
        type: 'CONSUMER',
        email: 'maker@example.test',
        phoneNumber: '+31612345678',
        payment: { paymentmethod: ideal.body.id, paymentissuer: '' },
      },
    },
  });
  expect(order.status, order.text).toBe(201);
  ids.jar = order.body.tipjar.id;
  ids.addon = order.body.addon.id;
  await simulatePayment(t.ctx, order.body.oppTransaction.redirectUrl.split('/').pop()!, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  await registerMerchant(t, ids.jar!, maker.token);
  // An episode of its feed (the read-on-air list of boosts, decision 097).
  const [episode] = await t.database.db
    .insert(episodes)
    .values({ tipjarId: ids.jar!, guid: 'matrix-1', title: 'Matrix One', duration: 3600 })
    .returning();
  ids.episode = episode!.id;
  const tip = await t.api('POST', `/tipjars/${ids.jar}/tips`, {
    body: {
      data: {
        amount: 500,
        displayName: 'Fan',
        email: 'fan@example.test',
        payment: { paymentmethod: ideal.body.id, paymentissuer: '' },
      },
    },
  });
  expect(tip.status, tip.text).toBe(201);
  ids.tip = tip.body.tip.id;
  const invoice = await t.api('POST', `/tipjars/${ids.jar}/invoices`, {
    token: admin.token,
    body: { data: { lines: [{ description: 'Matrix order', quantity: 1, unitPriceExVat: 1000 }] } },
  });
  expect(invoice.status, invoice.text).toBe(201);
  ids.invoice = invoice.body.id;
  const bonus = await t.api('POST', `/tipjars/${ids.jar}/bonus-episodes`, {
    token: maker.token,
    body: { data: { title: 'Matrix bonus' } },
  });
  expect(bonus.status, bonus.text).toBe(201);
  ids.bonusEpisode = bonus.body.id;
  // An upload of its audio in parts (decision 099), begun.
  const upload = await t.api('POST', `/tipjars/${ids.jar}/bonus-episodes/${ids.bonusEpisode}/audio/uploads`, {
    token: maker.token,
    body: { type: 'audio/mpeg', bytes: 1_000_000 },
  });
  expect(upload.status, upload.text).toBe(201);
  ids.bonusUpload = upload.body.id;
  // A webhook of the tip jar (decision 095; loopback is allowed outside production) and its test delivery.
  const webhook = await t.api('POST', `/tipjars/${ids.jar}/webhooks`, {
    token: maker.token,
    body: { data: { url: 'http://127.0.0.1:9/hook', events: ['tip.completed'] } },
  });
  expect(webhook.status, webhook.text).toBe(201);
  ids.webhook = webhook.body.id;
  const ping = await t.api('POST', `/tipjars/${ids.jar}/webhooks/${ids.webhook}/test`, { token: maker.token });
  expect(ping.status, ping.text).toBe(202);
  ids.delivery = ping.body.id;
  // Another maker's tip jar, so "admin of some tip jar" is not mistaken for "admin of this one".
  const [other] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `matrix-other-${Date.now().toString(36)}`,
      name: 'Other',
      status: 'LIVE',
      contactEmail: 'o@example.test',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: other!.id, userId: otherMaker.id });
  ids.otherJar = other!.id;
  // The maker's personal API token with every scope (decision 096), made in a session.
  const made = await t.api('POST', `/tipjars/${ids.jar}/tokens`, {
    token: maker.token,
    body: { name: 'Matrix', scopes: ['tips:read', 'supporters:read', 'tipjar:manage'] },
  });
  expect(made.status, made.text).toBe(201);
  ids.apiToken = made.body.id;
  apiToken = made.body.token;

  // A monthly tip of a tipper at the tip jar, as its first payment leaves it, and its manage link's token.
  const tipper = await t.createUser();
  const [monthly] = await t.database.db
    .insert(recurringTips)
    .values({
      tipjarId: ids.jar!,
      userId: tipper.id,
      amount: 500,
      status: 'active',
      mandateStatus: 'valid',
      mandateUid: `mdt_matrix_${Date.now().toString(36)}`,
      paymentMethod: 'ideal',
      chargeDay: 1,
      nextChargeAt: new Date(Date.now() + 20 * 86_400_000),
      locale: 'en',
      displayName: 'Fan',
    })
    .returning();
  ids.recurringTip = monthly!.id;
  manageToken = await signManageToken(t.ctx, ids.recurringTip);

  type Operation = {
    security?: { apiToken?: string[] }[];
    parameters?: { in?: string; name?: string }[];
  };
  const doc = (await t.api('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([m, op]) => ({
        method: m.toUpperCase(),
        path,
        tokenScopes: op.security?.find((s) => s.apiToken)?.apiToken,
        manageToken: op.parameters?.some((p) => p.in === 'query' && p.name === 'token'),
      })),
  );
});
afterAll(() => t.close());

const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? {} : undefined);

describe('permission matrix over every operation', () => {
  it('documents only our API (no simulator routes)', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.filter((op) => op.path.startsWith('/sim'))).toEqual([]);
  });

  it('answers anonymous callers 401 (or 400 for a body it cannot read) on everything that is not public', async () => {
    for (const op of ops.filter((o) => !PUBLIC.has(key(o)))) {
      const res = await t.api(op.method, fill(op.path), { body: bodyFor(op.method) });
      expect([400, 401], `${key(op)} → ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
    }
  });

  it('never gives a signed-in stranger a 2xx on anything that is not public or their own', async () => {
    for (const op of ops.filter((o) => !PUBLIC.has(key(o)) && !OWN.has(key(o)))) {
      for (const user of [stranger, otherMaker]) {
        const res = await t.api(op.method, fill(op.path), { token: user.token, body: bodyFor(op.method) });
        expect(
          res.status,
          `${key(op)} as ${user === stranger ? 'stranger' : 'other maker'} → ${res.text.slice(0, 120)}`,
        ).toBeGreaterThanOrEqual(400);
        // Tip-jar data answers 404 (never 403, which would confirm the tip jar exists).
        if (op.path.startsWith('/tipjars/{id}') && op.method === 'GET') expect(res.status, key(op)).toBe(404);
      }
    }
  });

  it("lets the tip jar's own admin read all of its data", async () => {
    const reads = ops.filter(
      (o) => o.method === 'GET' && o.path.startsWith('/tipjars/{id}') && !o.path.includes('recurringtips/{tipId}'),
    );
    expect(reads.length).toBeGreaterThan(5);
    for (const op of reads) {
      const res = await t.api('GET', fill(op.path), { token: maker.token });
      // The filled-in settlement id names no payout of this merchant: an honest 404.
      const expected = op.path.endsWith('/{settlementId}') ? 404 : 200;
      expect(res.status, `${key(op)} → ${res.text.slice(0, 120)}`).toBe(expected);
    }
  });

  it('lets platform admins read everything', async () => {
    for (const op of ops.filter((o) => o.method === 'GET' && !o.path.includes('{') && !o.path.startsWith('/user/'))) {
      const res = await t.api('GET', op.path, { token: admin.token });
      expect(res.status, `${key(op)} → ${res.text.slice(0, 120)}`).toBe(200);
    }
    for (const path of [`/tipjars/${ids.jar}`, `/tips/${ids.tip}`, `/tipjars/${ids.jar}/tips/${ids.tip}`]) {
      expect((await t.api('GET', path, { token: admin.token })).status, path).toBe(200);
    }
  });
});

describe("a maker's personal API token over every operation (decision 096)", () => {
  it('reaches only the operations documented for tokens, of its own tip jar; everything else is a 403', async () => {
    const forTokens = ops.filter((o) => o.tokenScopes);
    expect(forTokens.map(key)).toContain('GET /tipjars/{id}/tips');
    expect(forTokens.every((o) => o.path.startsWith('/tipjars/{id}'))).toBe(true);
    for (const op of ops) {
      const res = await t.api(op.method, fill(op.path), { token: apiToken, body: bodyFor(op.method) });
      if (op.tokenScopes) {
        // Allowed: the answer of the operation itself (a PUT without its `data` is a 400; the filled-in
        // tip id names no monthly tip: an honest 404; the rest 200).
        const expected = op.path.includes('recurringtips/{tipId}') ? 404 : op.method === 'PUT' ? 400 : 200;
        expect(res.status, `${key(op)} → ${res.text.slice(0, 120)}`).toBe(expected);
      } else {
        expect(res.status, `${key(op)} → ${res.text.slice(0, 120)}`).toBe(403);
      }
    }
  });

  it("never reaches another tip jar's operations, not even the ones documented for tokens", async () => {
    for (const op of ops.filter((o) => o.tokenScopes)) {
      const path = fill(op.path).replace(ids.jar!, ids.otherJar!);
      const res = await t.api(op.method, path, { token: apiToken, body: bodyFor(op.method) });
      expect(res.status, `${key(op)} → ${res.text.slice(0, 120)}`).toBe(403);
    }
  });
});

describe("the manage link's token over every operation", () => {
  const ownTip = (path: string) => fill(path.replace('{id}', ids.recurringTip!));

  it('is documented (?token=) on exactly the operations of its tip', () => {
    expect(
      ops
        .filter((o) => o.manageToken)
        .map(key)
        .sort(),
    ).toEqual([...MANAGE_LINK].sort());
  });

  it('opens those operations for its own tip, and nothing else as a header or a bearer token', async () => {
    for (const op of ops) {
      const ways: Record<string, string>[] = [
        { 'x-manage-token': manageToken },
        { authorization: `Bearer ${manageToken}` },
      ];
      for (const headers of ways) {
        const how = `${key(op)} with ${Object.keys(headers)[0]}`;
        if (MANAGE_LINK.has(key(op))) {
          const res = await t.api(op.method, ownTip(op.path), { headers, body: bodyFor(op.method) });
          // The answer of the operation itself: a PUT or POST without its `data` is a 400, the rest 200.
          const expected = op.method === 'GET' || op.path.endsWith('/rotate') ? 200 : 400;
          expect(res.status, `${how} → ${res.text.slice(0, 120)}`).toBe(expected);
        } else if (!PUBLIC.has(key(op))) {
          const res = await t.api(op.method, ownTip(op.path), { headers, body: bodyFor(op.method) });
          expect([400, 401], `${how} → ${res.status} ${res.text.slice(0, 120)}`).toContain(res.status);
        }
      }
    }
  });
});
