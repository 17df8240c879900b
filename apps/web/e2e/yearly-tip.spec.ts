import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * A listener in Dutch starts a yearly tip (decision 092): 'Per jaar' beside 'Eenmalig' and 'Elke
 * maand', the first year paid with iDEAL in the simulator, and the tip under 'Mijn maandelijkse
 * fooien' as an amount per year, with its year paid.
 */

const SLUG = 'de-koffiepod';
const run = Date.now().toString(36);
/**
 * A listener of this test's own: the demo listener may already give to De Koffiepod monthly (another
 * spec in the same worker starts one), and then the form warns of a second tip instead of paying.
 */
const LISTENER = `jaarlijks-${run}@example.com`;
const PASSWORD = `Een-sterk-wachtwoord-${run}!`;

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('in Dutch, a listener gives € 36 per jaar and sees it per year under Mijn maandelijkse fooien', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const registered = await page.request.post('/api/v1/users/register', {
    data: { data: { email: LISTENER, password: PASSWORD, firstName: 'Jaar', lastName: 'Gever', locale: 'nl' } },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(`/nl/${SLUG}`);
  await expect(page.getByRole('radio', { name: 'Eenmalig' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Elke maand' })).toBeVisible();
  // Typed text survives hydration (a tap before it does not): the amount is typed, then the choice retried.
  await page.getByRole('textbox', { name: 'Ander bedrag' }).fill('36');
  const yearly = page.getByRole('radio', { name: 'Per jaar' });
  await expect(async () => {
    await yearly.check();
    await expect(page.getByTestId('yearly-summary')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('yearly-summary')).toContainText('€ 36,00 per jaar');
  await expect(page.getByTestId('monthly-summary')).toHaveCount(0);

  const loginForm = page.getByRole('form', { name: 'Inloggen' });
  await loginForm.getByRole('textbox', { name: 'E-mailadres' }).fill(LISTENER);
  await loginForm.getByRole('textbox', { name: 'Wachtwoord' }).fill(PASSWORD);
  await loginForm.getByRole('button', { name: 'Inloggen en verder' }).click();
  await expect(page.getByTestId('monthly-account')).toContainText(LISTENER);
  await expect(page.getByRole('radio', { name: 'Per jaar' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Je naam' }).fill('Jaarlijkse luisteraar');
  await expectNoSeriousViolations(page);

  await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await page.getByRole('button', { name: 'AFREKENEN € 36,00' }).click();
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator('button[name="outcome"][value="completed"]').click();

  await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bedankt! Je geeft De Koffiepod nu € 36,00 per jaar' }),
  ).toBeVisible();

  await page.goto('/nl/account/recurringtips');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn maandelijkse fooien' })).toBeVisible();
  const row = page.getByTestId('my-recurringtip-row').first();
  await expect(row).toContainText('De Koffiepod');
  await expect(row).toContainText('€ 36,00 per jaar');
  await expect(row.getByTestId('mandate-status')).toHaveAttribute('data-status', 'valid', { timeout: 30_000 });
  await expectNoSeriousViolations(page);

  // Its page: per year, the year paid.
  await row.getByRole('link', { name: 'De jaarlijkse fooi aan De Koffiepod beheren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jaarlijkse fooi aan De Koffiepod' })).toBeVisible();
  await expect(page.getByText('€ 36,00 per jaar')).toBeVisible();
  await expect(page.getByTestId('charge-row').first()).toHaveAttribute('data-status', 'completed');
  await expect(page.getByTestId('charge-row').first()).toContainText(String(new Date().getUTCFullYear()));

  await expect(page.getByRole('region', { name: 'De Koffiepod' })).toContainText(/elk jaar op \d+ [a-z]+/);

  // Stopped in the yearly wording, never "maandelijkse".
  await page.getByRole('button', { name: 'Jaarlijkse fooi opzeggen' }).click();
  await page
    .getByRole('dialog', { name: 'Je jaarlijkse fooi aan De Koffiepod stoppen?' })
    .getByRole('button', { name: 'Ja, stop mijn jaarlijkse fooi' })
    .click();
  await expect(page.getByTestId('recurringtip-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByText('Deze jaarlijkse fooi is opgezegd.', { exact: false })).toBeVisible();
  // The page's own words for a year (its link back to the list keeps the list's name).
  const card = page.getByRole('region', { name: 'De Koffiepod' });
  await expect(card).toContainText('Per jaar');
  // Stopped: no next date, so the day alone.
  await expect(card).toContainText(/één keer per jaar, op dag \d+/);
  await expect(card).not.toContainText('maand');
  const payments = page.getByRole('region', { name: 'Betalingen van deze jaarlijkse fooi' });
  await expect(payments).toContainText('Jaar');
  await expect(payments).not.toContainText('maand');
});
