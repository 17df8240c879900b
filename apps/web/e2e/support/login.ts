import { expect, type Page } from '@playwright/test';

/** Logs a demo user in through the form, in English or (prefix '/nl') in Dutch. */
export async function login(page: Page, email: string, prefix = '') {
  await page.goto(`${prefix}/login`);
  await page.getByRole('textbox', { name: prefix ? 'E-mailadres' : 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: prefix ? 'Wachtwoord' : 'Password', exact: true }).fill('podpot-demo-koffie');
  await page.getByRole('button', { name: prefix ? 'Inloggen' : 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}
