import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../../src/modules/two-step/two-step.codes.js';
import { captureLog, createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33, item 4: the per-account login back-off locked the real user out. An attacker who sent one
 * wrong password every 15 minutes kept any account (admins too) waiting, the right password and a
 * reset included. Now only wrong guesses are slowed: a client the account signed in from before (its
 * address, or a remembered two-step device) has its own back-off, a used reset link clears the
 * account's, and many failures for one account raise an alert (log, metric, audit entry).
 *
 * The clock is faked (Date only), so two hours of attack run in a second.
 */
const PASSWORD = 'correct horse battery';
const HOME = '198.51.100.7';
const ATTACKER = '203.0.113.66';
const MINUTE = 60_000;

function loginForm(username: string, password: string, extra: Record<string, string> = {}) {
  return { username, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all', ...extra };
}

describe('an attacker failing on an account every few minutes', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    // Behind one trusted proxy, so each client's forwarded address is its own.
    t = await createTestApp({ TRUST_PROXY: 1, LOG_LEVEL: 'warn', LOGIN_ALERT_FAILURES: 8 }, { logStream: log.stream });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const login = (email: string, password: string, ip: string, extra?: Record<string, string>) =>
    t.api('POST', '/auth/login', { form: loginForm(email, password, extra), headers: { 'x-forwarded-for': ip } });

  /**
   * Two hours: the attacker sends a burst of 6 wrong passwords, then one a minute (a refused one costs
   * nothing, and Retry-After says when the next is checked: about one checked guess per 15 minutes keeps
   * the lock on); the owner tries the right password every 5 minutes. The minutes the owner was refused,
   * and how many of the attacker's guesses were checked at all.
   */
  async function attack(
    email: string,
    owner: { ip: string; extra?: Record<string, string> },
  ): Promise<{ ownerLockedMinutes: number; attackerChecked: number }> {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    let ownerLockedMinutes = 0;
    let attackerChecked = 0;
    for (let i = 0; i < 6; i++) if ((await login(email, `guess-${i}`, ATTACKER)).status === 401) attackerChecked++;
    for (let minute = 1; minute <= 120; minute++) {
      vi.setSystemTime(start + minute * MINUTE);
      if ((await login(email, `guess-at-${minute}`, ATTACKER)).status === 401) attackerChecked++;
      if (minute % 5 === 0) {
        const res = await login(email, PASSWORD, owner.ip, owner.extra);
        if (res.status === 429) ownerLockedMinutes += 5;
        else expect(res.status).toBe(200);
      }
    }
    vi.useRealTimers();
    return { ownerLockedMinutes, attackerChecked };
  }

  it('lets the owner in with the right password from where they signed in before (locked 0 of 120 minutes)', async () => {
    const owner = await t.createUser({ password: PASSWORD });
    expect((await login(owner.email, PASSWORD, HOME)).status).toBe(200);
    const { ownerLockedMinutes } = await attack(owner.email, { ip: HOME });
    // Before the fix: 120 of 120 minutes.
    expect(ownerLockedMinutes).toBe(0);
  });

  it('lets an admin with a remembered device in from a new address while the attack goes on', async () => {
    const admin = await t.createUser({ role: 'ADMIN', password: PASSWORD });
    const first = await login(admin.email, PASSWORD, '192.0.2.1');
    const second = await t.api('POST', '/auth/two-step', {
      body: { challenge: first.body.challenge, code: totpCode(admin.totpSecret!), remember_device: true },
    });
    const device: string = second.body.device_token;
    const { ownerLockedMinutes } = await attack(admin.email, { ip: '192.0.2.99', extra: { device_token: device } });
    expect(ownerLockedMinutes).toBe(0);
  });

  it('keeps wrong guesses slowed: 5 free, then one per growing wait, and the right password from the attacker’s address waits too', async () => {
    const owner = await t.createUser({ password: PASSWORD });
    expect((await login(owner.email, PASSWORD, HOME)).status).toBe(200);
    // Two hours of a guess a minute: only 5 + the guesses at each lock's end are checked (the owner's
    // logins meanwhile do not hand the attacker fresh free guesses).
    const { attackerChecked } = await attack(owner.email, { ip: HOME });
    expect(attackerChecked).toBeLessThanOrEqual(5 + 12);
    const right = await login(owner.email, PASSWORD, ATTACKER);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // A client the account knows is slowed too when it guesses wrong (its own back-off).
    const fromHome: number[] = [];
    for (let i = 0; i < 6; i++) fromHome.push((await login(owner.email, `typo-${i}`, HOME)).status);
    expect(fromHome).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('clears the account’s back-off once the owner uses a reset link, from any address', async () => {
    const owner = await t.createUser({ password: PASSWORD });
    for (let i = 0; i < 6; i++) await login(owner.email, `guess-${i}`, ATTACKER);
    expect((await login(owner.email, PASSWORD, '192.0.2.50')).status).toBe(429);

    await t.outbox();
    expect((await t.api('POST', `/auth/password-recover/${encodeURIComponent(owner.email)}`)).status).toBe(204);
    const mail = (await t.outbox()).find((m) => m.to === owner.email && /password-reset\?token=/.test(m.text));
    const token = /password-reset\?token=([\w-]+)/.exec(mail!.text)?.[1];
    const reset = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'a brand new secret', token },
    });
    expect(reset.status).toBe(204);
    expect((await login(owner.email, 'a brand new secret', '192.0.2.50')).status).toBe(200);
  });

  it('raises an alert after many failures for one account: a warning, a metric and an audit entry', async () => {
    const owner = await t.createUser({ password: PASSWORD });
    const admin = await t.createUser({ role: 'ADMIN' });
    const alerts = async () => {
      const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
      return Number(/^podpot_login_failure_alerts_total (\d+)$/m.exec(text)?.[1]);
    };
    const alertsBefore = await alerts();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    // Each guess once the last one's wait is over, so every one is checked: 10 within 20 minutes.
    for (const [i, minute] of [0, 0, 0, 0, 0, 1, 3, 6, 11, 20].entries()) {
      vi.setSystemTime(start + minute * MINUTE);
      expect((await login(owner.email, `guess-${i}`, ATTACKER)).status).toBe(401);
    }
    vi.useRealTimers();
    const warning = log
      .text()
      .split('\n')
      .find((line) => line.includes(owner.id));
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, msg: expect.stringMatching(/many failed logins/) });
    // The 8th wrong password within an hour alerts, once.
    expect((await alerts()) - alertsBefore).toBe(1);
    const audit = await t.api('GET', `/audit?action=user.loginFailures`, { token: admin.token });
    expect(audit.status).toBe(200);
    const entries = audit.body.data.filter((e: { entityId: string }) => e.entityId === owner.id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['user.loginFailures']);
  });
});
