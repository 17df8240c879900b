import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG as SLUG } from './support/session';
import { expect, test } from './support/test';

/**
 * After paying: the thank-you pages of a one-off and a monthly tip (the amount from our record, the
 * podcast, what happens next, sharing, "make it monthly"), and the storefront's warning before a
 * second monthly tip to the same podcast. Screenshots for a look go to /tmp/h39-storefront/.
 */

const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = '/tmp/h39-storefront';
mkdirSync(SHOTS, { recursive: true });

/** A new listener account (through the API), signed in in `page`'s browser. */
async function newListener(page: Page, name: string) {
  const email = `${name}-${run}@example.com`;
  const registered = await page.request.post('/api/v1/users/register', {
    data: { data: { email, password: `Een-sterk-wachtwoord-${run}!`, firstName: 'Maand', lastName: 'Gever' } },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  await page.addInitScript((value) => localStorage.setItem('podpot:token', value), token);
  return { email, token };
}

/** Taps a preset until the hydrated page shows it chosen (a tap before hydration is lost). */
async function choosePreset(page: Page, name: string) {
  const preset = page.getByRole('button', { name, exact: true });
  await expect(async () => {
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass();
}

async function payOnSimulator(page: Page, outcome: 'completed' | 'cancelled' = 'completed') {
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator(`button[name="outcome"][value="${outcome}"]`).click();
}

/** The first debit after a first payment today, as the charge run's rule sets it (recurring-tips.schedule). */
function firstDebitDate(locale: 'en-GB' | 'nl-NL') {
  const now = new Date();
  const day = Math.min(now.getUTCDate(), 28);
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(due);
}

test.describe('the thank-you page', () => {
  test('one-off, in English at 1280 px: the amount paid, the podcast, the receipt, sharing, and "make it monthly"', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${SLUG}`);
    await choosePreset(page, '€10.00');
    await page.getByRole('textbox', { name: 'Your name' }).fill(`Thankful ${run}`);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(`thankful-${run}@example.com`);
    await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    await page.getByRole('button', { name: 'CHECK OUT €10.00' }).click();
    await payOnSimulator(page);

    await expect(page).toHaveURL(/\/thankyou\?tip=.+&slug=de-koffiepod/);
    const card = page.getByTestId('tip-outcome');
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    // One heading, with the amount of our record (the address holds no amount), at a sensible size.
    const heading = page.getByRole('heading', { level: 1, name: 'Thank you for your tip of €10.00 to De Koffiepod' });
    await expect(heading).toBeVisible();
    expect(Number.parseFloat(await heading.evaluate((h) => getComputedStyle(h).fontSize))).toBeLessThanOrEqual(32);
    expect(page.url()).not.toContain('1000');
    await expect(page.getByTestId('thanks-podcast')).toContainText('De Koffiepod');
    await expect(
      page.getByTestId('thanks-podcast').getByRole('img', { name: 'Artwork of De Koffiepod' }),
    ).toBeVisible();
    await expect(page.getByTestId('thanks-message')).toContainText('Hier zetten we een extra kop koffie van.');
    await expect(page.getByTestId('thanks-next')).toContainText('A receipt is on its way to your e-mail address.');
    // Sharing: the podcast's own page.
    const share = page.getByTestId('thanks-share');
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(share.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      /wa\.me\/\?text=.*%2Fde-koffiepod/,
    );
    await expectNoViolations(page);
    await page.screenshot({ path: `${SHOTS}/thankyou-once-en-1280.png`, fullPage: true });

    // "Make it monthly": the form opens on "Every month" with the same amount.
    await page.getByRole('link', { name: 'Make it monthly: €10.00 a month' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?frequency=monthly&amount=1000$`));
    await expect(page.getByRole('radio', { name: 'Every month' })).toBeChecked();
    await expect(page.getByRole('button', { name: '€10.00', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('monthly-summary')).toContainText('€10.00 per month');
  });

  test('one-off, in Dutch on a phone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await page.goto(`/nl/${SLUG}`);
    await page.getByRole('textbox', { name: 'Ander bedrag' }).fill('4,25');
    await page.getByRole('textbox', { name: 'Je naam' }).fill(`Dankbaar ${run}`);
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill(`dankbaar-${run}@example.com`);
    await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    await page.getByRole('button', { name: 'AFREKENEN € 4,25' }).click();
    await payOnSimulator(page);
    await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bedankt voor je fooi van € 4,25 aan De Koffiepod' }),
    ).toBeVisible();
    await expect(page.getByTestId('thanks-next')).toContainText('Er is een betaalbewijs onderweg naar je e-mailadres.');
    await expect(page.getByRole('link', { name: 'Maak het maandelijks: € 4,25 per maand' })).toBeVisible();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/thankyou-once-nl-390.png`, fullPage: true });
  });

  test('monthly, in English at 1280 px: the amount a month, the first debit date, manage it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await newListener(page, 'monthly-thanks');
    await page.goto(`/${SLUG}`);
    await choosePreset(page, '€3.00');
    await page.getByRole('radio', { name: 'Every month' }).check();
    await page.getByRole('textbox', { name: 'Your name' }).fill(`Monthly ${run}`);
    await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    await page.getByRole('button', { name: 'CHECK OUT €3.00' }).click();
    await payOnSimulator(page);

    await expect(page).toHaveURL(/\/thankyou\?recurringtip=[0-9a-f-]{36}&slug=de-koffiepod$/);
    const card = page.getByTestId('tip-outcome');
    await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(card).toHaveAttribute('data-kind', 'monthly');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you! You now give De Koffiepod €3.00 a month' }),
    ).toBeVisible();
    await expect(page.getByTestId('thanks-next')).toContainText('Your first month (€3.00) is paid.');
    const day = Math.min(new Date().getUTCDate(), 28);
    await expect(page.getByTestId('first-debit')).toHaveText(
      `The first debit of €3.00 is on ${firstDebitDate('en-GB')}, then on day ${day} of every month.`,
    );
    await expect(page.getByTestId('thanks-share')).toBeVisible();
    await expectNoViolations(page);
    await page.screenshot({ path: `${SHOTS}/thankyou-monthly-en-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Manage your monthly tip' }).click();
    await expect(page).toHaveURL(/\/account\/recurringtips\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('recurringtip-status')).toHaveAttribute('data-status', 'active');
  });

  test('monthly, in Dutch on a phone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await newListener(page, 'maandelijks-dank');
    await page.goto(`/nl/${SLUG}`);
    await page.getByRole('textbox', { name: 'Ander bedrag' }).fill('6');
    await page.getByRole('radio', { name: 'Elke maand' }).check();
    await page.getByRole('radio', { name: 'Niets: anoniem geven' }).check();
    await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    await page.getByRole('button', { name: 'AFREKENEN € 6,00' }).click();
    await payOnSimulator(page);
    await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bedankt! Je geeft De Koffiepod nu € 6,00 per maand' }),
    ).toBeVisible();
    await expect(page.getByTestId('first-debit')).toContainText(
      `De eerste afschrijving van € 6,00 is op ${firstDebitDate('nl-NL')}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/thankyou-monthly-nl-390.png`, fullPage: true });
  });
});

test.describe('a second monthly tip to the same podcast', () => {
  test('is warned about before paying, with a way to change the running one or to go on anyway', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await newListener(page, 'twice');
    const startMonthly = async () => {
      await page.goto(`/${SLUG}`);
      await choosePreset(page, '€5.00');
      await page.getByRole('radio', { name: 'Every month' }).check();
      await page.getByRole('textbox', { name: 'Your name' }).fill(`Twice ${run}`);
      await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
      await page.getByRole('button', { name: 'CHECK OUT €5.00' }).click();
    };
    // The first: no warning, straight to the checkout.
    await startMonthly();
    await payOnSimulator(page);
    await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    const firstId = /recurringtip=([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

    // The second: the storefront asks first (the API's answer for this account), and stays.
    await startMonthly();
    const warning = page.getByTestId('existing-monthly');
    await expect(warning).toContainText('You already give De Koffiepod a monthly tip');
    await expect(warning).toContainText('Your monthly tip of €5.00 to De Koffiepod is running.');
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
    await expect(warning.getByRole('link', { name: 'Change my monthly tip' })).toHaveAttribute(
      'href',
      `/account/recurringtips/${firstId}`,
    );
    await expectNoViolations(page);
    await page.screenshot({ path: `${SHOTS}/second-monthly-warning-en-390.png`, fullPage: true });
    // Going on anyway is the listener's choice.
    await warning.getByRole('button', { name: 'Start a second monthly tip anyway' }).click();
    await expect(page).toHaveURL(/\/sim\/checkout\//);
  });
});

test.describe('the checkout on a phone', () => {
  test('has an opaque background to its very bottom (the page does not show through)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${SLUG}`);
    const pay = page.getByRole('button', { name: 'CHECK OUT €5.00' });
    await expect(pay).toBeVisible();
    const panel = page.locator('.sf-panel');
    await panel.scrollIntoViewIfNeeded();
    const background = await panel.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    await pay.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: `${SHOTS}/checkout-en-390.png` });
  });
});
