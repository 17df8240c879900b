import AxeBuilder from '@axe-core/playwright';
import { login } from './support/session';
import { expect, test } from './support/test';

/** The platform skeleton as a visitor and the demo users see it: languages, 404, login, guards. */
test.describe('languages, login and guards', () => {
  test('the Dutch home page says "Fooi geven" and has no serious accessibility problems', async ({ page }) => {
    await page.goto('/nl');
    await expect(page.getByRole('heading', { name: 'Fooi geven' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ik ben podcast luisteraar' })).toBeVisible();
    await expect(page).toHaveTitle(/ - Podpot$/);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')} ${v.nodes[0]?.failureSummary ?? ''}`,
      ),
    ).toEqual([]);
  });

  test('an unknown route shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the FAQ shows the active items in the chosen language', async ({ page }) => {
    await page.goto('/nl/faq');
    await expect(page.getByText('Wat is een Podpot?')).toBeVisible();
    await page.goto('/faq');
    await expect(page.getByText('What is a Podpot?')).toBeVisible();
  });

  test('a maker logs in, sees their initials and is kept out of the admin pages', async ({ page }) => {
    await page.goto('/nl/login');
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('maker@podpot.local');
    await page.locator('input[name=password]').fill('podpot-demo-koffie');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    const menu = page.getByRole('button', { name: 'Accountmenu' });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText('MD');
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Mijn account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Beheer' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/nl/admin/users');
    await expect(page).toHaveURL(/\/nl\/?$|\/$/);
  });

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('maker@podpot.local');
    await page.locator('input[name=password]').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });

  test('an admin sees the users table', async ({ page }) => {
    // The login form, and the second step of two-step login the demo admin has (support/session.ts).
    await login(page, 'admin@podpot.local');
    await page.goto('/admin/users');
    await expect(page.getByRole('cell', { name: 'maker@podpot.local' })).toBeVisible();
  });
});
