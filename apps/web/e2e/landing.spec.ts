import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The landing page (`/`, `/nl`): the search finds LIVE podcasts by name and no others, the language
 * choice (kept in the cookie the root redirect reads), the legal links, and no accessibility violations
 * in either language on a desktop and a 390 px phone.
 */

const run = Date.now().toString(36);

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('the landing page', () => {
  test('the search finds a LIVE podcast by name, not one that is not LIVE, and leads to its page', async ({
    page,
    request,
  }) => {
    // A tip jar ordered but not paid (AWAITING_PAYMENT), with "Koffie" in its name like the demo's.
    const methods = await (await request.get('/api/v1/paymentmethods')).json();
    const unpaidName = `Koffie Onbetaald ${run}`;
    const order = await request.post('/api/v1/tipjars', {
      data: {
        data: {
          name: unpaidName,
          slug: `koffie-onbetaald-${run}`,
          type: 'CONSUMER',
          email: `landing-${run}@example.com`,
          phoneNumber: '+31612345678',
          payment: { paymentmethod: methods.data[0].id, paymentissuer: '' },
          account: {
            email: `landing-${run}@example.com`,
            password: 'landing page test pw 2026',
            firstName: 'Lan',
            lastName: 'Ding',
          },
        },
      },
    });
    expect(order.status(), await order.text()).toBe(201);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Give a tip' })).toBeVisible();
    const box = page.getByRole('searchbox', { name: 'Find a podcast' });
    await box.fill('koffie');
    const results = page.getByRole('search').locator('..');
    await expect(results.getByRole('link', { name: /De Koffiepod/ })).toBeVisible();
    await expect(results.getByText('1 podcast found')).toBeVisible();
    await expect(page.getByText(unpaidName)).toHaveCount(0);

    // By its own name the unpaid one is not found: the empty state says what to do next.
    await box.fill(unpaidName);
    await expect(page.getByText(`No podcast called “${unpaidName}” takes tips yet`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tell a maker about Podpot' })).toHaveAttribute(
      'href',
      '/podcastmaker',
    );

    await box.fill('Koffiepod');
    await page.getByRole('link', { name: /De Koffiepod/ }).click();
    await expect(page).toHaveURL(/\/de-koffiepod$/);
    await expect(page.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
  });

  test('the language choice switches the page and is remembered at the root', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Give a tip - Podpot');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Nederlands' }).click();
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Fooi geven' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Zoek een podcast' })).toBeVisible();
    await expect(page).toHaveTitle('Fooi geven - Podpot');

    // The cookie now says Dutch: the root sends this visitor to /nl (the server's redirect, docs/product.md §9).
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl$/);

    // The top bar's switch back to English, and the root stays English.
    await page.getByRole('link', { name: 'Wissel naar English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Give a tip' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('the footer links to the information and legal pages in the page’s language', async ({ page }) => {
    await page.goto('/nl');
    const legal = page.getByRole('navigation', { name: 'Informatie' });
    const expected = {
      'Over ons': '/nl/about',
      'Veelgestelde vragen': '/nl/faq',
      Privacybeleid: '/nl/privacy',
      Gebruiksvoorwaarden: '/nl/termsofuse',
      'Hulp en contact': '/nl/support',
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(legal.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await legal.getByRole('link', { name: 'Privacybeleid' }).click();
    await expect(page).toHaveURL(/\/nl\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacybeleid' })).toBeVisible();
    // Inside the app, the logo leads back to the same landing page.
    await page.getByRole('link', { name: 'Naar de homepagina' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fooi geven' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Informatie' })).toBeVisible();
    await expectNoViolations(page);
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`no accessibility violations in English and Dutch on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const path of ['/', '/nl']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page);
        // With results and with the empty state showing.
        await page.getByRole('searchbox').fill('koffie');
        await expect(page.getByRole('link', { name: /De Koffiepod/ })).toBeVisible();
        await expectNoViolations(page);
        await page.getByRole('searchbox').fill(`nothing-${run}`);
        await expect(page.getByRole('search').locator('..').locator('.lp-empty')).toBeVisible();
        await expectNoViolations(page);
      }
      for (const path of ['/de-koffiepod', '/nl/de-koffiepod']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
        await expectNoViolations(page);
      }
    });
  }
});
