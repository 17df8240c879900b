import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Forms laid out for the width they have (registration and account: two columns at
 * 1280 px, one on a 390 px phone), one page header on every backoffice and admin page (title,
 * subtitle, actions; filters in the table's toolbar), and empty lists that say what to do next.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const BACKOFFICE = `/nl/backoffice/${DEMO_SLUG}`;

async function boxOf(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** Side by side (same top, b right of a) or stacked (b under a, same left). */
async function expectBeside(a: Locator, b: Locator) {
  const [boxA, boxB] = [await boxOf(a), await boxOf(b)];
  expect(Math.abs(boxA.y - boxB.y)).toBeLessThan(2);
  expect(boxB.x).toBeGreaterThan(boxA.x + boxA.width);
}
async function expectStacked(a: Locator, b: Locator) {
  const [boxA, boxB] = [await boxOf(a), await boxOf(b)];
  expect(boxB.y).toBeGreaterThanOrEqual(boxA.y + boxA.height);
  expect(Math.abs(boxA.x - boxB.x)).toBeLessThan(2);
}

test('the registration page: the steps beside where it stands at 1280 px, one column on a phone', async ({ page }) => {
  await login(page, 'maker@podpot.local', '/nl');
  const steps = page.getByTestId('registration-steps');
  const state = page.getByRole('region', { name: 'Huidige stand' });
  for (const [viewport, expectLayout] of [
    [DESKTOP, expectBeside],
    [PHONE, expectStacked],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`${BACKOFFICE}/registration`);
    await expectLayout(steps, state);
    await expectNoViolations(page);
  }
});

test('the account page: profile beside password, address beside monthly tips; one column on a phone', async ({
  page,
}) => {
  await login(page, 'maker@podpot.local', '/nl');
  const section = (name: string) => page.getByRole('region', { name });
  for (const [viewport, expectLayout] of [
    [DESKTOP, expectBeside],
    [PHONE, expectStacked],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/nl/account');
    await expectLayout(section('Profiel'), section('Wachtwoord'));
    await expectLayout(section('Adres'), section('Mijn maandelijkse fooien'));
    await expect(page.getByTestId('page-header')).toContainText('maker@podpot.local');
    await expectNoViolations(page);
  }
});

/** Every backoffice and admin page, and the subtitle it has (if any). */
const PAGES: { path: string; subtitle?: RegExp; user: string }[] = [
  { path: BACKOFFICE, user: 'maker' },
  { path: `${BACKOFFICE}/tips`, user: 'maker' },
  { path: `${BACKOFFICE}/recurringtips`, subtitle: /Luisteraars die je elke maand steunen/, user: 'maker' },
  { path: `${BACKOFFICE}/registration`, user: 'maker' },
  { path: `${BACKOFFICE}/invoices`, subtitle: /platformkosten/, user: 'maker' },
  { path: `${BACKOFFICE}/settlements`, subtitle: /betaalprovider/, user: 'maker' },
  { path: `${BACKOFFICE}/settings`, user: 'maker' },
  { path: '/nl/admin', user: 'admin' },
  { path: '/nl/admin/tipjars', user: 'admin' },
  { path: '/nl/admin/tips', user: 'admin' },
  { path: '/nl/admin/recurringtips', user: 'admin' },
  { path: '/nl/admin/settlements', subtitle: /live gelezen bij de betaalprovider/, user: 'admin' },
  { path: '/nl/admin/invoices', user: 'admin' },
  { path: '/nl/admin/money', subtitle: /Of het geld klopt/, user: 'admin' },
  { path: '/nl/admin/users', user: 'admin' },
  { path: '/nl/admin/paymentmethods', user: 'admin' },
  { path: '/nl/admin/faqitems', user: 'admin' },
];

/** The gap (px) between the page header and what follows it. */
function gapUnderHeader(page: Page) {
  return page.getByTestId('page-header').evaluate((header) => {
    const next = header.nextElementSibling;
    if (!next) return null;
    return Math.round(next.getBoundingClientRect().top - header.getBoundingClientRect().bottom);
  });
}

test('every backoffice and admin page has the one page header; filters sit in the table toolbar', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  for (const user of ['maker', 'admin']) {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear()).catch(() => {});
    await login(page, `${user}@podpot.local`, '/nl');
    for (const entry of PAGES.filter((p) => p.user === user)) {
      await page.goto(entry.path);
      const header = page.getByTestId('page-header');
      await expect(header, entry.path).toHaveCount(1);
      await expect(header.getByRole('heading', { level: 1 }), entry.path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), entry.path).toHaveCount(1);
      if (entry.subtitle) await expect(header, entry.path).toContainText(entry.subtitle);
      expect(await gapUnderHeader(page), entry.path).toBe(16);
      // A list's search and filters are the table's toolbar, inside its box.
      const search = page.getByRole('main').getByRole('searchbox');
      for (let i = 0; i < (await search.count()); i++) {
        const inTable = await search.nth(i).evaluate((field) => {
          const paper = field.closest('.MuiPaper-root');
          return Boolean(paper?.querySelector('table'));
        });
        expect(inTable, `${entry.path}: search field outside the table's toolbar`).toBe(true);
      }
    }
  }
  // The month of the invoice batch is a field in the toolbar, not a row of its own.
  await page.goto('/nl/admin/invoices');
  expect((await boxOf(page.getByLabel('Maand'))).width).toBeLessThan(300);
  await expectNoViolations(page);
});

/** The list call of `pattern` answers an empty first page (no filters are on). */
async function emptyList(page: Page, pattern: RegExp) {
  await page.route(pattern, (route) =>
    route.fulfill({ json: { data: [], metadata: { count: 0, page: 1, itemsPerPage: 25 } } }),
  );
}

test("a maker's empty monthly tips and invoices say what comes next, with a button", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await emptyList(page, /\/api\/v1\/tipjars\/[^/]+\/recurringtips(\?.*)?$/);
  await emptyList(page, /\/api\/v1\/tipjars\/[^/]+\/invoices(\?.*)?$/);
  await login(page, 'maker@podpot.local', '/nl');
  const main = page.getByRole('main');

  await page.goto(`${BACKOFFICE}/recurringtips`);
  await expect(main.getByText('Nog geen maandelijkse fooien.', { exact: false })).toBeVisible();
  await expect(main.getByText('Niets gevonden', { exact: true })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Open je pagina' })).toHaveAttribute('href', `/nl/${DEMO_SLUG}`);
  await expectNoViolations(page);

  await page.goto(`${BACKOFFICE}/invoices`);
  await expect(main.getByText('Nog geen facturen.', { exact: false })).toBeVisible();
  await main.getByRole('link', { name: 'Bekijk je fooien' }).click();
  await expect(page).toHaveURL(new RegExp(`${BACKOFFICE}/tips$`));
});

test("an admin's empty lists: monthly tips, payouts and invoices say what comes next", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await emptyList(page, /\/api\/v1\/recurringtips(\?.*)?$/);
  await emptyList(page, /\/api\/v1\/tipjars\/settlements(\?.*)?$/);
  await emptyList(page, /\/api\/v1\/invoices(\?.*)?$/);
  await login(page, 'admin@podpot.local', '/nl');
  const main = page.getByRole('main');

  await page.goto('/nl/admin/recurringtips');
  await expect(main.getByText('Nog geen maandelijkse fooien.', { exact: false })).toBeVisible();
  await page.goto('/nl/admin/settlements');
  await expect(main.getByText('Nog geen uitbetalingen.', { exact: false })).toBeVisible();
  await expectNoViolations(page);
  await main.getByRole('link', { name: 'Naar Podpots' }).click();
  await expect(page).toHaveURL(/\/nl\/admin\/tipjars$/);

  await page.goto('/nl/admin/invoices');
  await expect(main.getByText('Nog geen facturen.', { exact: false })).toBeVisible();
  await main.getByRole('table').getByRole('button', { name: 'Nieuwe factuur' }).click();
  await expect(page.getByRole('dialog', { name: 'Factuur maken' })).toBeVisible();
});

test('an empty archived view offers to go back to the list, never a "new" button', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, 'admin@podpot.local', '/nl');
  const main = page.getByRole('main');
  for (const path of ['/nl/admin/users', '/nl/admin/tipjars']) {
    await page.goto(path);
    await expect(main.locator('tbody tr').first()).toBeVisible();
    // Nothing archived in the demo data: the archived view is empty.
    await emptyList(page, /\/api\/v1\/(users|tipjars)\?.*archived=true/);
    await main.getByRole('switch', { name: 'Gearchiveerde tonen' }).check();
    const table = main.getByRole('table');
    await expect(table.getByText('Niets gevonden met deze zoekterm of dit filter')).toBeVisible();
    await expect(table.getByRole('link')).toHaveCount(0);
    await expectNoViolations(page);
    await table.getByRole('button', { name: 'Filters wissen' }).click();
    await expect(main.getByRole('switch', { name: 'Gearchiveerde tonen' })).not.toBeChecked();
    await expect(main.locator('tbody tr').first()).not.toContainText('Niets gevonden');
    await page.unrouteAll();
  }
});
