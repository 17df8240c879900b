import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readOutbox } from './support/outbox';
import { expect, test } from './support/test';

/**
 * A listener tips the demo tip jar (LIVE, iDEAL and Bancontact active) end to end: storefront form,
 * the simulator's hosted checkout, the thank-you page, the receipt in the outbox, and the maker's
 * backoffice. The simulator notifies the API asynchronously, so states are awaited by polling the UI.
 * The two payments are made on a phone-sized screen, where most listeners tip (the link or QR code
 * from a podcast app); they are in the smoke set (@smoke).
 */

const SLUG = 'de-koffiepod';
const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

/** On the simulator's hosted checkout: choose an outcome (by value, the labels follow the tip's language). */
async function simulate(page: Page, outcome: 'completed' | 'cancelled') {
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator(`button[name="outcome"][value="${outcome}"]`).click();
}

/** Waits for the receipt mail to `email` whose subject contains `subject` (the mail is sent in the background). */
async function expectReceipt(email: string, subject: string) {
  await expect
    .poll(
      () =>
        readOutbox()
          .filter((mail) => mail.to.includes(email))
          .map((mail) => mail.subject),
      { timeout: 20_000 },
    )
    .toContainEqual(expect.stringContaining(subject));
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('tipping a podcast', () => {
  test('an unknown tip jar gives the 404 page', async ({ page }) => {
    await page.goto(`/no-such-pod-${run}`);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });

  test('the language switch keeps the storefront, and its links lead into the app', async ({ page }) => {
    await page.goto(`/${SLUG}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Your tip' })).toBeVisible();
    await page.getByRole('link', { name: 'Switch to Nederlands' }).click();
    await expect(page).toHaveURL(new RegExp(`/nl/${SLUG}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Jouw fooi' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    // The public menu: plain links to the app's pages.
    await page.getByRole('button', { name: 'Menu openen of sluiten' }).click();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Informatie' }).click();
    await expect(page).toHaveURL(/\/nl\/support$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('in Dutch with iDEAL: pay, thank-you page, receipt, and the maker sees the tip', { tag: '@smoke' }, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const name = `Luisteraar ${run}`;
      const email = `luisteraar-${run}@example.com`;

      await page.goto(`/nl/${SLUG}`);
      await expect(page.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
      // Shared metadata from the tip jar.
      await expect(page).toHaveTitle('De Koffiepod - Podpot');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'De Koffiepod - Podpot');
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/nl\/de-koffiepod$/);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: '€ 5,00', exact: true }).click();
      await expect(page.getByRole('button', { name: '€ 5,00', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('tip-fee')).toContainText('€ 0,25');
      await page.getByRole('textbox', { name: 'Je naam' }).fill(name);
      await page.getByRole('textbox', { name: 'Bericht aan de maker (optioneel)' }).fill('Heerlijke afleveringen!');
      await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
      await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
      const pay = page.getByRole('button', { name: 'AFREKENEN € 5,00' });
      await expect(pay).toBeEnabled();
      // A double click makes one tip (disabled while loading + one Idempotency-Key per attempt).
      await pay.dblclick();

      await simulate(page, 'completed');
      await expect(page).toHaveURL(/\/nl\/thankyou\?tip=.+&slug=de-koffiepod/);
      await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(page.getByText('Dank je wel! Hier zetten we een extra kop koffie van.')).toBeVisible();

      // The receipt, in the tipper's language.
      await expectReceipt(email, 'Bedankt voor je fooi aan De Koffiepod');

      // The maker sees it under 'Fooien', exactly once.
      await page.goto('/nl/login');
      await page.getByRole('textbox', { name: 'E-mailadres' }).fill('maker@podpot.local');
      await page.getByRole('textbox', { name: 'Wachtwoord', exact: true }).fill('podpot-demo-koffie');
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto(`/nl/backoffice/${SLUG}/tips`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fooien' })).toBeVisible();
      const rows = page.getByTestId('tip-row').filter({ hasText: name });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('€ 5,00');
      await expect(rows.first()).toContainText('Betaald');
      await rows.first().getByRole('button', { name: 'Details van de fooi tonen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fooi' });
      await expect(dialog).toContainText('Heerlijke afleveringen!');
      await expect(dialog).toContainText('€ 0,25');
    });

    test('in English with Bancontact: cancelled, try again with the form refilled, then paid', {
      tag: '@smoke',
    }, async ({ page }) => {
      test.setTimeout(120_000);
      const name = `Listener ${run}`;
      const email = `listener-${run}@example.com`;

      await page.goto(`/${SLUG}`);
      await expect(page.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.getByRole('textbox', { name: 'Other amount' }).fill('7.50');
      await expect(page.getByTestId('tip-fee')).toContainText('€0.38');
      await page.getByRole('radio', { name: 'Only my name' }).check();
      await page.getByRole('textbox', { name: 'Your name' }).fill(name);
      await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await page.getByTestId('paymentmethod-bcmc').getByRole('radio').check();
      await page.getByRole('button', { name: 'CHECK OUT €7.50' }).click();

      await simulate(page, 'cancelled');
      await expect(page).toHaveURL(/\/thankyou\?tip=.+&slug=de-koffiepod/);
      await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'cancelled', { timeout: 30_000 });
      await expect(page.getByText('The payment was cancelled.')).toBeVisible();
      await page.getByRole('link', { name: 'Try again' }).click();

      // Back on the storefront with the form as it was.
      await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
      await expect(page.getByRole('textbox', { name: 'Other amount' })).toHaveValue('7.50');
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(name);
      await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
      await expect(page.getByRole('radio', { name: 'Only my name' })).toBeChecked();
      await expect(page.getByTestId('paymentmethod-bcmc').getByRole('radio')).toBeChecked();
      await page.getByRole('button', { name: 'CHECK OUT €7.50' }).click();

      await simulate(page, 'completed');
      await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(
        page.getByRole('heading', { level: 1, name: 'Thank you for your tip of €7.50 to De Koffiepod' }),
      ).toBeVisible();
      await expectReceipt(email, 'Thank you for your tip to De Koffiepod');

      // Paid: the next visit starts with an empty form.
      await page.goto(`/${SLUG}`);
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
    });
  });
});
