import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'podpot-demo-koffie';
export const DEMO_SLUG = 'de-koffiepod';

/** Logs a demo user in through the Dutch (prefix '/nl') or English login form. */
export async function login(page: Page, email: string, prefix: '' | '/nl' = '') {
  await page.goto(`${prefix}/login`);
  await page.getByRole('textbox', { name: prefix ? 'E-mailadres' : 'E-mail address' }).fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: prefix ? 'Inloggen' : 'Log in' }).click();
  await expect(page.getByRole('button', { name: prefix ? 'Accountmenu' : 'Account menu' })).toBeVisible();
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
