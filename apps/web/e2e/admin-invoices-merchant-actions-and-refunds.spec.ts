import type { Page } from '@playwright/test';
import { apiAs, DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Paths the product rules imply (docs/product.md §2), the provider's pages in the
 * user's language, and a Refund action offered only where it can work:
 * on a tip paid at the provider, which the demo's one-off tips are since the demo's provider history.
 */

/** 'YYYY-MM' of `back` months before this one. */
function monthsBack(back: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

test('an admin creates a single invoice: "Factuur gemaakt", and the invoice opens in Dutch', async ({ page }) => {
  await login(page, 'admin@podpot.local', '/nl');
  await page.goto('/nl/admin/invoices');
  // The page header's button: on a server where no invoice was made yet the empty table offers one too.
  await page.getByTestId('page-header').getByRole('button', { name: 'Nieuwe factuur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Factuur maken' });
  await dialog.getByRole('combobox', { name: 'Podpot' }).click();
  await page.getByRole('option', { name: 'De Koffiepod' }).click();
  await dialog.getByLabel('Maand').fill(monthsBack(3));
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByText('Factuur gemaakt')).toBeVisible();
  await expect(page).toHaveURL(/\/nl\/admin\/invoices\/[0-9a-f-]{36}$/);
  // In Dutch, whatever the month's tips (the demo's monthly tippers pay in past months).
  await expect(page.getByTestId('invoice-details')).toContainText(/Platformkosten over \d+ fooien in/);
});

test('batch invoicing offers finished months only', async ({ page }) => {
  await login(page, 'admin@podpot.local', '/nl');
  await page.goto('/nl/admin/invoices');
  await expect(page.getByLabel('Maand')).toHaveAttribute('max', monthsBack(1));
  const thisMonth = await apiAs(page, 'POST', 'invoices/batch/create', { data: { period: monthsBack(0) } });
  expect(thisMonth.status).toBe(400);
});

test("an admin reaches the merchant's connect, migrate and disconnect actions", async ({ page }) => {
  await login(page, 'admin@podpot.local', '/nl');
  const jars = await apiAs<{ data: { id: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}`);
  await page.goto(`/nl/admin/tipjars/${jars.body.data[0]!.id}`);
  const section = page.getByRole('region', { name: 'Merchant bij de betaalprovider' });
  await expect(section.getByText('Particulier')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ontkoppelen' })).toBeVisible();
  const migrate = section.getByRole('form', { name: 'Omzetten naar zakelijk' });
  await expect(migrate.getByRole('textbox', { name: 'KvK-nummer' })).toBeVisible();
  await expect(migrate.getByRole('button', { name: 'Omzetten naar zakelijk' })).toBeDisabled();
  await migrate.getByRole('textbox', { name: 'KvK-nummer' }).fill('12345678');
  await expect(migrate.getByRole('button', { name: 'Omzetten naar zakelijk' })).toBeEnabled();
  // Disconnecting asks first (and is not done here: the demo jar keeps its merchant).
  await section.getByRole('button', { name: 'Ontkoppelen' }).click();
  await expect(page.getByRole('dialog', { name: 'Weet je het zeker?' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
});

test('a listener on the Dutch page gets the Dutch checkout for a monthly tip', async ({ page }) => {
  // A listener of its own: the demo listener's monthly tips belong to the monthly-tip journey (a second
  // one to the same podcast would be warned about first).
  const registered = await page.request.post('/api/v1/users/register', {
    data: {
      data: {
        email: `nl-checkout-${Date.now()}@example.com`,
        password: 'Een-sterk-wachtwoord-nl!',
        firstName: 'Nl',
        lastName: 'Luisteraar',
      },
    },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  await page.addInitScript((value) => localStorage.setItem('podpot:token', value), token);
  await page.goto(`/nl/${DEMO_SLUG}`);
  await page.getByRole('textbox', { name: 'Ander bedrag' }).fill('3');
  await page.getByRole('radio', { name: 'Elke maand' }).check();
  await page.getByRole('radio', { name: 'Niets: anoniem geven' }).check();
  await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await page.getByRole('button', { name: 'AFREKENEN € 3,00' }).click();
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.locator('button[name="outcome"][value="cancelled"]').click();
  await expect(page).toHaveURL(/\/nl\/thankyou\?recurringtip=/);
});

/** Opens the first admin tips row matching `name` and answers its detail dialog, loaded. */
async function tipDetail(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search name or message' }).fill(name);
  const row = page.getByTestId('tip-row').filter({ hasText: name }).first();
  await row.getByRole('button', { name: 'Show tip details' }).click();
  const detail = page.getByRole('dialog', { name: 'Tip' });
  await expect(detail.getByText(name).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return detail;
}

test('Refund is offered for a demo tip paid at the provider, not for a monthly tip month the provider never saw', async ({
  page,
}) => {
  await login(page, 'admin@podpot.local');
  await page.goto('/admin/tips');
  // The demo's one-off tips were paid at the simulator when the server started (seed/demo-provider.ts).
  const paid = await tipDetail(page, 'Sanne');
  await expect(paid.getByRole('button', { name: 'Refund' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(paid).toBeHidden();
  // A demo monthly tipper's past months are our record only: no provider payment to refund.
  const month = await tipDetail(page, 'Wouter');
  await expect(month.getByRole('button', { name: 'Refund' })).toHaveCount(0);
});
