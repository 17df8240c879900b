import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'podpot-demo-koffie';

/** Logs a demo user in through the Dutch login form and waits until the session is there. */
export async function loginNl(page: Page, email: string): Promise<void> {
  await page.goto('/nl/login');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Accountmenu' })).toBeVisible();
}
