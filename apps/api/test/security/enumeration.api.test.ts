import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_PROBES_PER_ADDRESS, ADDRESS_PROBES_PER_CLIENT } from '../../src/lib/address-probes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 10, user enumeration: who can learn whether an e-mail address has an account here, and how fast.
 * Password recovery tells nothing (same answer, same time). The e-mail checks, registration, ordering
 * with a new account and adding a tip jar admin must say it (that is their job, or their contract), so
 * they share one budget per client address and one per asked-about address.
 */
let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy: each test client gets its own address through X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: 1 });
});
afterAll(() => t.close());

let clients = 0;
/** A client address no other test uses. */
function newClient(): Record<string, string> {
  clients += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(clients / 250)}.${clients % 250}` };
}

let addresses = 0;
function unknownAddress(): string {
  addresses += 1;
  return `nobody-${addresses}-${Date.now()}@example.test`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Times requests from a thread of its own, as a client on another machine would: the server's work
 * after an answer (on this thread) cannot hold up reading the answer.
 */
function timingClient() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    parentPort.on('message', async ({ url, headers }) => {
      const start = performance.now();
      const res = await fetch(url, { method: 'POST', headers });
      await res.arrayBuffer();
      parentPort.postMessage({ ms: performance.now() - start, status: res.status });
    });`,
    { eval: true },
  );
  return {
    post(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
      return new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (answer) => {
          worker.off('error', reject);
          resolve(answer);
        });
        worker.postMessage({ url, headers });
      });
    },
    close: () => worker.terminate(),
  };
}

const recover = (email: string, headers = newClient()) =>
  t.api('POST', `/auth/password-recover/${encodeURIComponent(email)}`, { headers });

describe(`password recovery tells nothing (${TEST_DB})`, () => {
  it('answers a known and an unknown address with the same status, body and headers', async () => {
    const user = await t.createUser();
    const known = await recover(user.email);
    const unknown = await recover(unknownAddress());
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    const names = (h: Headers) => {
      const all: string[] = [];
      h.forEach((_, name) => {
        all.push(name);
      });
      return all.sort();
    };
    expect(names(unknown.headers)).toEqual(names(known.headers));
    for (const header of ['content-type', 'content-length', 'x-ratelimit-remaining']) {
      expect(unknown.headers.get(header), header).toBe(known.headers.get(header));
    }
    await t.settle();
    expect((await t.outbox()).filter((m) => m.to === user.email)).toHaveLength(1);
  });

  it('answers a known address as fast as an unknown one (median of 30 requests each)', async () => {
    const users = await Promise.all(Array.from({ length: 36 }, () => t.createUser()));
    const client = timingClient();
    const timed = async (email: string) => {
      const url = `${t.baseUrl}/api/v1/auth/password-recover/${encodeURIComponent(email)}`;
      const { ms, status } = await client.post(url, newClient());
      expect(status).toBe(204);
      // Whatever follows the answer (the link, the mail and its sending, HTML drawn included) is done
      // before the next request is timed.
      const start = performance.now();
      await t.settle();
      await t.ctx.outbox.drain();
      return { ms, after: performance.now() - start };
    };
    // Warm up both paths (prepared statements, JIT) before measuring.
    for (const user of users.slice(30)) {
      await timed(user.email);
      await timed(unknownAddress());
    }
    // In pairs, taking turns at going first: a load spike on this shared machine hits both sides.
    const known: number[] = [];
    const unknown: number[] = [];
    const work: number[] = [];
    for (const [i, user] of users.slice(0, 30).entries()) {
      const knownFirst = i % 2 === 0;
      const first = await timed(knownFirst ? user.email : unknownAddress());
      const second = await timed(knownFirst ? unknownAddress() : user.email);
      const [k, u] = knownFirst ? [first, second] : [second, first];
      known.push(k.ms);
      unknown.push(u.ms);
      work.push(k.after);
    }
    await client.close();
    const k = median(known);
    const u = median(unknown);
    const gap = median(known.map((ms, i) => ms - unknown[i]!));
    const w = median(work);
    const figures = `median known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, gap within pairs ${gap.toFixed(2)} ms, work after the answer ${w.toFixed(2)} ms`;
    // Before the fix a known address waited for the link and the mail (+5 ms unloaded, far more on a busy
    // machine) and nothing followed the answer. Now that work follows the answer; on a saturated machine it
    // can still slow this process's client a little (the two share the CPUs, a remote client would not),
    // hence the allowance of a quarter of that work (at least 3 ms: the gate runs beside other suites).
    const margin = Math.max(3, w / 4);
    expect(Math.abs(gap), figures).toBeLessThan(margin);
    expect(Math.abs(k - u), figures).toBeLessThan(margin);
  });
});

describe(`password recovery limits (${TEST_DB})`, () => {
  it('mails one address at most 5 links, whoever asks, and refuses an unknown address alike', async () => {
    const user = await t.createUser();
    for (const email of [user.email, unknownAddress()]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await recover(email)).status);
      expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    }
    expect((await t.outbox()).filter((m) => m.to === user.email)).toHaveLength(5);
  });
});

describe(`the e-mail checks (${TEST_DB})`, () => {
  const check = (path: string, email: string, headers: Record<string, string>) =>
    t.api('POST', path, { body: { email }, headers });
  const REGISTER = '/users/register/test-email';
  const ORDER = '/tipjars/create/test-email';

  it('still say whether an address is free', async () => {
    const user = await t.createUser();
    expect((await check(REGISTER, user.email, newClient())).body).toEqual({ available: false });
    expect((await check(ORDER, unknownAddress(), newClient())).body).toEqual({ available: true });
  });

  it(`answer one client at most ${ADDRESS_PROBES_PER_CLIENT} questions, both checks together; another client is not held up`, async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_PROBES_PER_CLIENT; i++) {
      statuses.push((await check(i % 2 ? REGISTER : ORDER, unknownAddress(), client)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const path of [REGISTER, ORDER]) {
      const refused = await check(path, unknownAddress(), client);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await check(REGISTER, unknownAddress(), newClient())).status).toBe(200);
  });

  it(`answer at most ${ADDRESS_PROBES_PER_ADDRESS} questions about one address, whoever asks; known or not alike`, async () => {
    const user = await t.createUser();
    for (const email of [user.email, unknownAddress()]) {
      const statuses: number[] = [];
      for (let i = 0; i <= ADDRESS_PROBES_PER_ADDRESS; i++) {
        statuses.push((await check(i % 2 ? REGISTER : ORDER, email.toUpperCase(), newClient())).status);
      }
      expect(statuses).toEqual([...Array(ADDRESS_PROBES_PER_ADDRESS).fill(200), 429]);
    }
    expect((await check(REGISTER, unknownAddress(), newClient())).status).toBe(200);
  });
});

describe(`registration and ordering with a new account (${TEST_DB})`, () => {
  const account = (email: string) => ({ email, password: 'long enough pw', firstName: 'A', lastName: 'B' });
  const register = (email: string, headers: Record<string, string>) =>
    t.api('POST', '/users/register', { body: { data: { ...account(email), locale: 'en' } }, headers });

  it('says an address is taken (the form needs it) but only as often as the probe budget allows', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_PROBES_PER_ADDRESS; i++)
      statuses.push((await register(user.email, newClient())).status);
    expect(statuses).toEqual([...Array(ADDRESS_PROBES_PER_ADDRESS).fill(409), 429]);
  });

  it('draws on the same per-client budget as the e-mail checks', async () => {
    const client = newClient();
    for (let i = 0; i < ADDRESS_PROBES_PER_CLIENT; i++) {
      const res = await t.api('POST', '/users/register/test-email', {
        body: { email: unknownAddress() },
        headers: client,
      });
      expect(res.status).toBe(200);
    }
    expect((await register(unknownAddress(), client)).status).toBe(429);
    expect((await register(unknownAddress(), newClient())).status).toBe(201);
  });

  it('counts an order with a new account against the asked-about address', async () => {
    const user = await t.createUser();
    const order = (headers: Record<string, string>) =>
      t.api('POST', '/tipjars', {
        headers,
        body: {
          data: {
            name: 'Probe',
            slug: `probe-${Date.now().toString(36)}`,
            type: 'CONSUMER',
            email: 'maker@example.test',
            phoneNumber: '+31 6 12345678',
            payment: { paymentmethod: '00000000-0000-4000-8000-000000000000', paymentissuer: '' },
            account: account(user.email),
          },
        },
      });
    for (let i = 0; i < ADDRESS_PROBES_PER_ADDRESS; i++) {
      await t.api('POST', '/tipjars/create/test-email', { body: { email: user.email }, headers: newClient() });
    }
    const refused = await order(newClient());
    expect(refused.status, refused.text).toBe(429);
  });
});

describe(`tip jar admins by e-mail (${TEST_DB})`, () => {
  async function ownJar() {
    const owner = await t.createUser();
    const ideal = await t
      .createUser({ role: 'ADMIN' })
      .then((admin) =>
        t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } }),
      );
    const res = await t.api('POST', '/tipjars', {
      token: owner.token,
      headers: newClient(),
      body: {
        data: {
          name: 'Jar',
          slug: `jar-${Date.now().toString(36)}-${clients}`,
          type: 'CONSUMER',
          email: 'maker@example.test',
          phoneNumber: '+31 6 12345678',
          payment: { paymentmethod: ideal.body.id, paymentissuer: '' },
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    return { owner, id: res.body.tipjar.id as string };
  }

  it('inviting: bounds how many addresses one client can mail', async () => {
    // Spread over tip jars: one tip jar has at most MAX_PENDING_INVITATIONS waiting.
    const jars = [await ownJar(), await ownJar(), await ownJar()];
    const client = newClient();
    let sent = 0;
    const add = (email: string) => {
      const { owner, id } = jars[sent++ % jars.length]!;
      return t.api('POST', `/tipjars/${id}/admins`, { token: owner.token, body: { email }, headers: client });
    };
    for (let i = 0; i < ADDRESS_PROBES_PER_CLIENT; i++) expect((await add(unknownAddress())).status).toBe(202);
    const refused = await add(unknownAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  it('inviting: bounds how often one address can be mailed', async () => {
    const { owner, id } = await ownJar();
    const email = unknownAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_PROBES_PER_ADDRESS; i++) {
      statuses.push(
        (await t.api('POST', `/tipjars/${id}/admins`, { token: owner.token, body: { email }, headers: newClient() }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(ADDRESS_PROBES_PER_ADDRESS).fill(202), 429]);
  });

  it('removing: answers an unknown address exactly like a user who is not an admin', async () => {
    const { owner, id } = await ownJar();
    const stranger = await t.createUser();
    const remove = (email: string) =>
      t.api('DELETE', `/tipjars/${id}/admins`, { token: owner.token, body: { email }, headers: newClient() });
    const known = await remove(stranger.email);
    const unknown = await remove(unknownAddress());
    expect(known.status).toBe(404);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});
