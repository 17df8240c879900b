import { createHash, createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { simulatePayment } from '@podpot/opp-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { createMonthlyWorld, type MonthlyWorld, startTip } from '../money/monthly-support.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 11.1: a provider notification is a poke. Whatever its signature, we act only on the object
 * as the provider answers a read by uid with our key; re-reads are coalesced per object, so a flood of
 * pokes cannot make us hammer the provider. JSON or form, with or without object_type/object_url.
 */
const WINDOW_MS = 1000;
let t: TestApp;
let w: MonthlyWorld;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const SETTINGS = { OPP_NOTIFY_REREAD_MS: WINDOW_MS, LOG_LEVEL: 'warn', TIP_RATE_LIMIT_PER_MINUTE: 1000 } as const;

beforeAll(async () => {
  t = await createTestApp(SETTINGS, { logStream });
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const NOTIFY_PATH = '/api/v1/payments/opp/notify';
let notificationCounter = 0;

function poke(objectUid: string, extra: Record<string, string> = {}) {
  notificationCounter += 1;
  const uid = `not_poke_${notificationCounter}_${Date.now().toString(36)}`;
  return {
    uid,
    type: 'transaction.status.changed',
    object_uid: objectUid,
    object_type: 'transaction',
    object_url: `${t.ctx.opp.baseUrl}/transactions/${objectUid}`,
    verification_hash: createHmac('sha256', t.ctx.config.OPP_NOTIFY_SECRET).update(uid).digest('hex'),
    ...extra,
  };
}

async function tipStatus(tipId: string): Promise<string> {
  const res = await t.api('GET', `/tips/${tipId}/outcome`);
  expect(res.status, res.text).toBe(200);
  return res.body.status;
}

/** Counts our reads of provider transactions (each is an authenticated GET by uid) by `app`. */
function watchReads(app = t) {
  return vi.spyOn(app.ctx.opp, 'getTransaction');
}

/** Waits until a window has passed since the last read of every object used so far. */
const afterWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));

describe(`a notification is a poke (${TEST_DB})`, () => {
  it('a wrong hash for a really paid tip still completes it, after reading it from the provider, and is logged', async () => {
    const { tipId, uid } = await startTip(w, 510);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const reads = watchReads();
    const res = await t.api('POST', '/payments/opp/notify', { body: poke(uid, { verification_hash: 'f'.repeat(64) }) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'applied' });
    expect(reads.mock.calls).toEqual([[uid]]);
    expect(await tipStatus(tipId)).toBe('completed');
    expect(logLines.join('')).toMatch(/notification signature does not match/);
  });

  it('a forged poke for an unpaid tip changes nothing', async () => {
    const { tipId, uid } = await startTip(w, 520);
    const before = await tipStatus(tipId);
    const forged = poke(uid, { verification_hash: '0'.repeat(64), type: 'transaction.status.changed' });
    const res = await t.api('POST', '/payments/opp/notify', { body: forged });
    expect(res.status, res.text).toBe(200);
    expect(await tipStatus(tipId)).toBe(before);
    expect(before).not.toBe('completed');
  });

  it('an unverified poke never marks a notification uid as seen: the genuine one is still applied', async () => {
    const { tipId, uid } = await startTip(w, 530);
    const genuine = poke(uid);
    // A forger who guessed the uid of the coming notification, before the payment completes.
    await t.api('POST', '/payments/opp/notify', { body: { ...genuine, verification_hash: 'b'.repeat(64) } });
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    await afterWindow();
    const res = await t.api('POST', '/payments/opp/notify', { body: genuine });
    expect(res.body).toEqual({ result: 'applied' });
    expect(await tipStatus(tipId)).toBe('completed');
    // The genuine one, repeated, is a no-op.
    expect((await t.api('POST', '/payments/opp/notify', { body: genuine })).body).toEqual({ result: 'duplicate' });
  });

  it('takes a form-encoded notification', async () => {
    const { tipId, uid } = await startTip(w, 540);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const res = await t.api('POST', '/payments/opp/notify', { form: poke(uid) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'applied' });
    expect(await tipStatus(tipId)).toBe('completed');
  });

  it('takes a poke naming only the object: the type comes from the uid prefix, no object_url needed', async () => {
    const { tipId, uid } = await startTip(w, 550);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const reads = watchReads();
    const res = await t.api('POST', '/payments/opp/notify', { body: { object_uid: uid } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ result: 'applied' });
    expect(reads.mock.calls).toEqual([[uid]]);
    expect(await tipStatus(tipId)).toBe('completed');
  });

  it('takes any content type label, and answers 400 for a body that is neither JSON nor names an object', async () => {
    const { tipId, uid } = await startTip(w, 560);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const res = await fetch(`${t.baseUrl}${NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(poke(uid)),
    });
    expect(res.status).toBe(200);
    expect(await tipStatus(tipId)).toBe('completed');
    for (const body of ['{"object_uid": ', 'hello=world', '{"object_uid": "tra_../../x"}']) {
      const bad = await fetch(`${t.baseUrl}${NOTIFY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(bad.status, body).toBe(400);
      expect((await bad.json()).code).toBe('VALIDATION');
    }
  });

  it('reads nothing for a poke about an unknown transaction or an object of unknown kind', async () => {
    const reads = watchReads();
    const unknown = await t.api('POST', '/payments/opp/notify', { body: { object_uid: 'tra_0000000000000000' } });
    expect(unknown.body).toEqual({ result: 'ignored' });
    const strange = await t.api('POST', '/payments/opp/notify', { body: { object_uid: 'xyz_123' } });
    expect(strange.body).toEqual({ result: 'ignored' });
    expect(reads).not.toHaveBeenCalled();
  });
});

/** The header scheme as the simulator signs it: Digest of the body, hmac-sha256 Signature over it. */
/** The header scheme's signature of `body`, as sent to `app`'s webhook. */
function signedRequest(body: string, secret: string, app = t) {
  const host = new URL(app.baseUrl).host;
  const date = new Date().toUTCString();
  const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
  const signed = [`(request-target): post ${NOTIFY_PATH}`, `host: ${host}`, `date: ${date}`, `digest: ${digest}`].join(
    '\n',
  );
  const signature = createHmac('sha256', secret).update(signed).digest('base64');
  return {
    'content-type': 'application/json',
    date,
    digest,
    signature: `keyId="opp",algorithm="hmac-sha256",headers="(request-target) host date digest",signature="${signature}"`,
  };
}

describe(`a notification naming the provider's own host (${TEST_DB})`, () => {
  /** Our calls that left for `hostname` while `run` ran. */
  async function fetchesTo(hostname: string, run: () => Promise<unknown>) {
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      await run();
      return spy.mock.calls
        .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
        .filter((url) => url.hostname === hostname);
    } finally {
      spy.mockRestore();
    }
  }

  it('completes a paid tip when we reach the provider through an egress proxy: compared by path, read by uid from our API', async () => {
    // OPP_API_URL is the proxy; the provider names its public host in object_url (issue 34.9).
    const { tipId, uid } = await startTip(w, 530);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const reads = watchReads();
    const objectUrl = `https://api.onlinebetaalplatform.nl/v1/transactions/${uid}`;
    let res: Awaited<ReturnType<typeof t.api>> | undefined;
    const fetched = await fetchesTo('api.onlinebetaalplatform.nl', async () => {
      res = await t.api('POST', '/payments/opp/notify', { body: poke(uid, { object_url: objectUrl }) });
    });
    expect(res?.status, res?.text).toBe(200);
    expect(res?.body).toEqual({ result: 'applied' });
    expect(reads.mock.calls).toEqual([[uid]]);
    expect(fetched).toEqual([]);
    expect(await tipStatus(tipId)).toBe('completed');
  });

  it('still refuses an object_url outside any provider API path, with user info, or not absolute (400 on object_url)', async () => {
    const { tipId, uid } = await startTip(w, 540);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    for (const url of [
      `https://evil.example/elsewhere/transactions/${uid}`,
      `https://user:pw@api.onlinebetaalplatform.nl/v1/transactions/${uid}`,
      `/v1/transactions/${uid}`,
      `ftp://api.onlinebetaalplatform.nl/v1/transactions/${uid}`,
    ]) {
      const res = await t.api('POST', '/payments/opp/notify', { body: poke(uid, { object_url: url }) });
      expect(res.status, `${url} → ${res.text}`).toBe(400);
      expect(res.body.fields?.object_url).toBeDefined();
    }
    expect(await tipStatus(tipId)).not.toBe('completed');
  });
});

describe(`the signature scheme is a setting (${TEST_DB})`, () => {
  // A setting is the app's from its start: an app of each other scheme, on the same database and log.
  let headersApp: TestApp;
  let noneApp: TestApp;
  beforeAll(async () => {
    const database = t.database;
    headersApp = await createTestApp({ ...SETTINGS, OPP_NOTIFY_SCHEME: 'headers' }, { database, logStream });
    noneApp = await createTestApp({ ...SETTINGS, OPP_NOTIFY_SCHEME: 'none' }, { database, logStream });
  });
  afterAll(async () => {
    await headersApp.close();
    await noneApp.close();
  });

  it('OPP_NOTIFY_SCHEME=headers verifies Digest + Signature: a verified repeat is skipped, a tampered one only re-reads', async () => {
    const { tipId, uid } = await startTip(w, 610);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const body = JSON.stringify({ uid: `not_hdr_${uid}`, object_uid: uid });
    const headers = signedRequest(body, headersApp.ctx.config.OPP_NOTIFY_SECRET, headersApp);
    const send = (h: Record<string, string>, b = body) =>
      fetch(`${headersApp.baseUrl}${NOTIFY_PATH}`, { method: 'POST', headers: h, body: b }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    expect(await send(headers)).toEqual({ status: 200, body: { result: 'applied' } });
    expect(await tipStatus(tipId)).toBe('completed');
    expect(await send(headers)).toEqual({ status: 200, body: { result: 'duplicate' } });
    // The same signed headers on another body: the digest does not match — not skipped, only re-read.
    await afterWindow();
    const reads = watchReads(headersApp);
    const tampered = JSON.stringify({ uid: `not_hdr_${uid}`, object_uid: uid, type: 'x' });
    expect(await send(headers, tampered)).toEqual({ status: 200, body: { result: 'applied' } });
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('OPP_NOTIFY_SCHEME=none checks nothing and skips nothing: every poke is a re-read', async () => {
    const { tipId, uid } = await startTip(w, 620);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const body = poke(uid);
    expect((await noneApp.api('POST', '/payments/opp/notify', { body })).body).toEqual({ result: 'applied' });
    await afterWindow();
    expect((await noneApp.api('POST', '/payments/opp/notify', { body })).body).toEqual({ result: 'applied' });
    expect(await tipStatus(tipId)).toBe('completed');
  });

  it('the simulator signs its notifications both ways, so either scheme accepts them', async () => {
    for (const scheme of ['headers', 'verification_hash'] as const) {
      // The tip is made through the app of the scheme, so the provider notifies that app.
      const app = scheme === 'headers' ? headersApp : t;
      logLines.length = 0;
      const { tipId, uid } = await startTip({ ...w, t: app }, scheme === 'headers' ? 630 : 640);
      await simulatePayment(app.ctx, uid, 'completed');
      await vi.waitFor(async () => expect(await tipStatus(tipId)).toBe('completed'), { timeout: 10_000 });
      expect(logLines.join(''), scheme).not.toMatch(/signature does not match/);
    }
  });

  it('production: a scheme other than none needs the secret; none needs none', () => {
    const { OPP_NOTIFY_SECRET: _secret, ...production } = PRODUCTION_ENV;
    expect(() => loadConfig({ ...production, OPP_NOTIFY_SCHEME: 'headers' })).toThrow(/OPP_NOTIFY_SECRET is not set/);
    expect(() => loadConfig({ ...production })).toThrow(/OPP_NOTIFY_SECRET is not set/);
    expect(loadConfig({ ...production, OPP_NOTIFY_SCHEME: 'none' }).OPP_NOTIFY_SCHEME).toBe('none');
    expect(() => loadConfig({ ...production, OPP_NOTIFY_SCHEME: 'hmac' })).toThrow(/OPP_NOTIFY_SCHEME/);
  });
});

describe(`a flood of pokes (${TEST_DB})`, () => {
  it('200 pokes for one object cost at most one provider read per window, and every one is answered', async () => {
    const { tipId, uid } = await startTip(w, 710);
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    await afterWindow();
    const reads = watchReads();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.api('POST', '/payments/opp/notify', {
          body: poke(uid, i % 2 ? { verification_hash: 'c'.repeat(64) } : {}),
        }),
      ),
    );
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / WINDOW_MS));
    expect(await tipStatus(tipId)).toBe('completed');
  });

  it('a poke during a read is answered from a read that started after it (nothing newer is missed)', async () => {
    const { tipId, uid } = await startTip(w, 720);
    await afterWindow();
    // The first poke reads 'created'; the payment completes while that read is still open.
    const reads = watchReads();
    const first = t.api('POST', '/payments/opp/notify', { body: poke(uid) });
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    await simulatePayment(t.ctx, uid, 'completed', { notify: false });
    const second = await t.api('POST', '/payments/opp/notify', { body: poke(uid) });
    expect((await first).status).toBe(200);
    expect(second.body).toEqual({ result: 'applied' });
    expect(reads).toHaveBeenCalledTimes(2);
    expect(await tipStatus(tipId)).toBe('completed');
  });
});
