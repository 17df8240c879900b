import type { Page } from '@playwright/test';
import { loginNl } from './support/session';
import { expect, test } from './support/test';

/**
 * Who gets a tip jar's backoffice (issue 13, bugs 1 and 9): only its admins and platform admins; anyone
 * else — and an unknown slug — gets the 404 page inside the app, in their language, at once.
 */

const SLUG = 'de-koffiepod';
const NOT_FOUND = 'Deze pagina kon niet worden gevonden';

/** The backoffice's tip jar lookups (`GET tipjars?slug=…`) the page makes. */
function countLookups(page: Page): string[] {
  const lookups: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/tipjars' && url.searchParams.has('slug')) lookups.push(url.search);
  });
  return lookups;
}

test('a listener gets the 404 page for every backoffice page of a LIVE tip jar they do not manage', async ({
  page,
}) => {
  await loginNl(page, 'listener@podpot.local');
  for (const sub of ['', '/settings', '/registration', '/tips']) {
    await page.goto(`/nl/backoffice/${SLUG}${sub}`);
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terug naar de homepagina' })).toBeVisible();
    // The app's chrome stays; none of the tip jar's menu, forms or data shows.
    await expect(page.getByRole('button', { name: 'Accountmenu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Instellingen' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByText('Cannot read properties')).toHaveCount(0);
  }
});

test('an unknown or foreign backoffice shows 404 after one lookup, never retried', async ({ browser }) => {
  const cases = [
    { email: 'maker@podpot.local', slug: 'bestaat-niet' },
    { email: 'listener@podpot.local', slug: SLUG },
  ];
  for (const { email, slug } of cases) {
    const page = await browser.newPage();
    await loginNl(page, email);
    const lookups = countLookups(page);
    const started = Date.now();
    await page.goto(`/nl/backoffice/${slug}`);
    await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
    test.info().annotations.push({ type: 'timing', description: `${slug}: 404 after ${Date.now() - started} ms` });
    // A retry would come 1 s after the first answer; wait past it.
    await page.waitForTimeout(1_500);
    expect(lookups).toHaveLength(1);
    await page.close();
  }
});

test('a page that crashes shows the error page inside the backoffice, in Dutch, without the JavaScript message', async ({
  page,
}) => {
  await loginNl(page, 'maker@podpot.local');
  // A tip jar answer without its admins: the settings page cannot render it.
  await page.route(
    (url) => url.pathname === '/api/v1/tipjars' && url.searchParams.get('slug') === SLUG,
    async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      for (const tipjar of json.data) delete tipjar.admins;
      await route.fulfill({ response, json });
    },
  );
  await page.goto(`/nl/backoffice/${SLUG}/settings`);
  await expect(page.getByLabel('Foutcode 500')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ga terug naar home' })).toBeVisible();
  await expect(page.getByText(/Cannot read properties|undefined/)).toHaveCount(0);
  // Still inside the backoffice: top bar, selector and menu.
  await expect(page.getByRole('button', { name: 'Accountmenu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Backofficemenu' })).toBeVisible();
});
