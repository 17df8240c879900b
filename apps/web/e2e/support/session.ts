import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './test';

export const DEMO_PASSWORD = 'podpot-demo-koffie';
export const DEMO_SLUG = 'de-koffiepod';

/**
 * The demo admin's two-step login key (apps/api/src/seed/demo.ts, README): platform admins must use
 * two-step login (decision 036).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'PODPOTDEMOADMINTOTPKEY234567ABCD';

/** The current code of a TOTP key, as an authenticator app shows it. */
export function totpCodeOf(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/**
 * The remembered device of each account that had to pass the second step, for this worker: the first
 * login of a run enters a code and ticks "remember this device"; later logins put the device token
 * where the app keeps it, so the password alone signs in (a code's 30 s step works only once, and the
 * specs log in many times a minute).
 */
const devices = new Map<string, string>();
const deviceKey = (email: string) => `podpot:device:${email}`;

/** Logs a demo user in through the Dutch (prefix '/nl') or English login form. */
export async function login(page: Page, email: string, prefix: '' | '/nl' = '') {
  // Signed in already (as someone else): signed out first, or the account menu awaited below would be
  // the old session's and the test would go on before this login is done.
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.removeItem('podpot:token'));
  await page.goto(`${prefix}/login`);
  const device = devices.get(email);
  if (device) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [deviceKey(email), device] as const);
  }
  await page.getByRole('textbox', { name: prefix ? 'E-mailadres' : 'E-mail address' }).fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: prefix ? 'Inloggen' : 'Log in' }).click();
  const menu = page.getByRole('button', { name: prefix ? 'Accountmenu' : 'Account menu' });
  const code = page.getByRole('textbox', { name: 'Code', exact: true });
  await expect(menu.or(code)).toBeVisible();
  if (await code.isVisible()) {
    await page
      .getByRole('checkbox', { name: prefix ? 'Onthoud dit apparaat 30 dagen' : 'Remember this device for 30 days' })
      .check();
    await enterCode(page, code, prefix, menu);
    devices.set(email, (await page.evaluate((key) => localStorage.getItem(key), deviceKey(email))) ?? '');
  }
  await expect(menu).toBeVisible();
}

/**
 * Enters the demo admin's current code; when that step was used already (another login of this run
 * in the same 30 s, e.g. after a worker restart), waits for the next step and enters that one.
 */
async function enterCode(page: Page, code: Locator, prefix: '' | '/nl', done: Locator) {
  const submit = page.getByRole('button', { name: prefix ? 'Bevestigen' : 'Confirm' });
  await code.fill(totpCodeOf(DEMO_ADMIN_TOTP_SECRET));
  await submit.click();
  const refused = page.getByRole('alert').filter({ hasText: prefix ? 'Deze code klopt niet' : 'This code is wrong' });
  await expect(done.or(refused)).toBeVisible();
  if (await done.isVisible()) return;
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
  await code.fill(totpCodeOf(DEMO_ADMIN_TOTP_SECRET));
  await submit.click();
}

/**
 * Signs `email` in once for the spec file that calls it (at its top level), for specs whose tests each
 * open pages of their own (a log-in is the slowest step on a busy machine). `newPage` opens a page in
 * a context of its own, signed in (or, `signedIn: false`, a listener's); every context is closed after
 * its test.
 */
export function signedInOnce(email: string) {
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await login(page, email);
    session = await page.context().storageState();
    await page.close();
  });
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return {
    async newPage(browser: Browser, options: BrowserContextOptions, { signedIn = true } = {}): Promise<Page> {
      const context = await browser.newContext({ ...options, ...(signedIn ? { storageState: session } : {}) });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Logs a demo user in through the Dutch login form and waits until the session is there. */
export function loginNl(page: Page, email: string): Promise<void> {
  return login(page, email, '/nl');
}

/** The logged-in page's bearer token (as the web app stores it). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('podpot:token'));
  if (!token) throw new Error('not logged in');
  return token;
}

/** A call to the API as the logged-in user of `page`. */
export async function apiAs<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const token = await tokenOf(page);
  const res = await page.request.fetch(`/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
}
