import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { login } from './support/session';
import { expect, test } from './support/test';

/**
 * The admin's money page: on a phone the demo admin finds "Money check" in the admin menu and reads
 * the check's state and the incidents (the demo has neither a stored run — the hourly job has not run
 * on a fresh server — nor an incident), in English and in Dutch; at 1280 px the same page. The check's
 * violations and the incident rows are the unit test's (app/routes/admin/money.isolated.test.tsx).
 * `MONEY_SCREENSHOTS=<dir>` keeps a screenshot of each width there.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

async function keepScreenshot(page: Page, name: string) {
  const dir = process.env.MONEY_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('an admin on a phone opens the money check from the admin menu and reads its state, in English and Dutch', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await login(page, 'admin@podpot.local');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Open or close the menu' }).click();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Money check' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money check' })).toBeVisible();
  await expect(page.getByTestId('money-check-state')).toContainText('Not run yet');
  await expect(page.getByTestId('money-check-state')).toContainText('npm run check:money');
  await expect(page.getByText("No money incidents: no payment needs a person's eye.")).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
  await expectNoViolations(page);
  await keepScreenshot(page, 'admin-money-en-phone');

  await page.goto('/nl/admin/money');
  await expect(page.getByRole('heading', { level: 1, name: 'Geldcontrole' })).toBeVisible();
  await expect(page.getByTestId('money-check-state')).toContainText('Nog niet uitgevoerd');
  await expect(page.getByText('Geen geldincidenten: er is geen betaling die iemand moet nakijken.')).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
  await expectNoViolations(page);
  await keepScreenshot(page, 'admin-money-nl-phone');

  await page.setViewportSize(DESKTOP);
  await expect(
    page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Geldcontrole' }),
  ).toBeVisible();
  await expect(page.getByTestId('money-check-state')).toContainText('Nog niet uitgevoerd');
  expect(await pageScrollsSideways(page)).toBe(false);
  await keepScreenshot(page, 'admin-money-nl-desktop');
  await page.context().close();
});
