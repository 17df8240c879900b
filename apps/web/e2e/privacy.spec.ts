import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/test';

/**
 * Privacy rights (issue 15, decision 037) as a person uses them on the account page: download a copy of
 * their data, erase their account. Each test registers its own user: erasing a demo user would change
 * the demo every other spec reads.
 */
const run = Date.now().toString(36);

async function registerAndLogIn(page: Page, who: string, locale: 'en' | 'nl') {
  const email = `${who}-${run}@example.com`;
  const password = `Een-sterk-wachtwoord-${run}!`;
  const registered = await page.request.post('/api/v1/users/register', {
    data: { data: { email, password, firstName: 'Privé', lastName: `Persoon${run}`, locale } },
  });
  expect(registered.status()).toBe(201);
  const prefix = locale === 'nl' ? '/nl' : '';
  await page.goto(`${prefix}/login`);
  await page.getByRole('textbox', { name: locale === 'nl' ? 'E-mailadres' : 'E-mail address' }).fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: locale === 'nl' ? 'Inloggen' : 'Log in' }).click();
  await expect(page.getByRole('button', { name: locale === 'nl' ? 'Accountmenu' : 'Account menu' })).toBeVisible();
  await page.goto(`${prefix}/account`);
  return { email, password };
}

test('in English on a desktop: download my data, then erase my account', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, password } = await registerAndLogIn(page, 'privacy-en', 'en');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^podpot-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!));
  expect(data.profile).toMatchObject({ email, firstName: 'Privé', lastName: `Persoon${run}` });
  expect(strFromU8(files['profile.csv']!)).toContain(email);

  await section.getByRole('button', { name: 'Erase my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(dialog.getByText('This is not your password')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('Your account has been erased')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  const login = await page.request.post('/api/v1/auth/login', { form: { username: email, password } });
  expect(login.status()).toBe(401);
});

test('in Dutch on a phone: the privacy page states how long data is kept; erasing works', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/nl/privacy');
  await expect(page.getByRole('listitem').filter({ hasText: 'fiscale bewaarplicht' })).toBeVisible();
  await expect(page.getByText(/7 jaar/).first()).toBeVisible();
  // What the mail retention job does (decision 057), with the number filled in.
  await expect(page.getByRole('listitem').filter({ hasText: 'stuurden: 30 dagen na verzending' })).toBeVisible();

  const { email, password } = await registerAndLogIn(page, 'privacy-nl', 'nl');
  const section = page.getByRole('region', { name: 'Jouw gegevens' });
  await section.getByRole('button', { name: 'Mijn account wissen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Je account wissen?' });
  const box = await dialog.getByRole('button', { name: 'Definitief wissen' }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await dialog.getByLabel('Je wachtwoord').fill(password);
  await dialog.getByRole('button', { name: 'Definitief wissen' }).click();
  await expect(page.getByText('Je account is gewist')).toBeVisible();
  await expect(page).toHaveURL(/\/nl$/);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);

  const login = await page.request.post('/api/v1/auth/login', { form: { username: email, password } });
  expect(login.status()).toBe(401);
});
