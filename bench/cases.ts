import { totpCode } from '../apps/api/src/modules/two-step/two-step.codes.js';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_TIPJAR_SLUG } from '../apps/api/src/seed/demo.js';

/** One load case: a request autocannon repeats. */
export interface BenchCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** The tip limit per client IP the benches run with: everything comes from 127.0.0.1 here. */
export const BENCH_TIP_RATE_LIMIT = process.env.TIP_RATE_LIMIT_PER_MINUTE ?? '1000000';

/**
 * The hot paths, found over HTTP only (so the same cases serve an API in this process or in its own):
 * the public lists, the session's own user, the storefront lookup and creating a tip. The demo tip jar
 * must be registered with the provider (the simulator in its own process) — `npm start` does it once it
 * listens, so the tip warm-up waits for it. The API must run with TIP_RATE_LIMIT_PER_MINUTE raised to
 * BENCH_TIP_RATE_LIMIT (the default 20/min would turn the case into 429s).
 */
export async function benchCases({ base, token }: { base: string; token: string }): Promise<BenchCase[]> {
  const api = `${base}/api/v1`;
  const storefront = `${api}/tipjars?slug=${DEMO_TIPJAR_SLUG}`;
  const jar = ((await (await fetch(storefront)).json()) as { data: { id: string }[] }).data[0];
  const methods = (await (await fetch(`${api}/paymentmethods`)).json()) as { data: { id: string; type: string }[] };
  const ideal = methods.data.find((m) => m.type === 'ideal');
  if (!jar || !ideal) throw new Error('bench: the demo tip jar or iDEAL is missing');

  const body = JSON.stringify({
    data: {
      amount: 500,
      displayName: 'Bench',
      message: 'Bench tip',
      email: 'bench@example.test',
      payment: { paymentmethod: ideal.id, paymentissuer: '' },
      locale: 'nl',
    },
  });
  const tips = `${api}/tipjars/${jar.id}/tips`;
  // Warm up: the first tip goes through the whole path once (waiting, up to 60 s, for the demo
  // merchant that an API in its own process registers after it listens).
  for (let tries = 0; ; tries++) {
    const warm = await fetch(tips, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (warm.status === 201) break;
    if (warm.status !== 409 || tries >= 120) {
      throw new Error(`bench: tip warm-up answered ${warm.status}: ${await warm.text()}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return [
    { name: 'GET /api/v1/paymentmethods', url: `${api}/paymentmethods` },
    {
      name: 'GET /api/v1/users/me (bearer)',
      url: `${api}/users/me`,
      headers: { authorization: `Bearer ${token}` },
    },
    { name: `GET /api/v1/tipjars?slug=${DEMO_TIPJAR_SLUG}`, url: storefront },
    {
      // Every request is a new tip (no Idempotency-Key): DB insert + provider call (the simulator
      // process, over loopback) + record.
      name: 'POST /api/v1/tipjars/{id}/tips',
      url: tips,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
  ];
}

/** Device tokens of the demo admin's remembered "device" (this bench process), per e-mail address. */
const devices = new Map<string, string>();

/**
 * Logs in as `email` and answers the access token. The demo admin has two-step login (decision 036):
 * the first login computes a code from the demo key and asks to remember the device, so later logins
 * within the run send the device token instead of a code (a code's 30 s step works only once).
 */
export async function loginToken(base: string, email: string, password: string): Promise<string> {
  const device = devices.get(email);
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password, ...(device ? { device_token: device } : {}) }).toString(),
  });
  if (!login.ok) throw new Error(`bench: login answered ${login.status}`);
  const answer = (await login.json()) as { access_token?: string; challenge?: string };
  if (answer.access_token) return answer.access_token;
  const second = await fetch(`${base}/api/v1/auth/two-step`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      challenge: answer.challenge,
      code: totpCode(DEMO_ADMIN_TOTP_SECRET),
      remember_device: true,
    }),
  });
  if (!second.ok) throw new Error(`bench: two-step login answered ${second.status}`);
  const token = (await second.json()) as { access_token: string; device_token: string };
  devices.set(email, token.device_token);
  return token.access_token;
}
