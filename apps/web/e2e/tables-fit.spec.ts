import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { loadingBars } from './support/loading';
import { DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Tables that fit (issue 13, bug 11): at 1280 px the admin tips, the admin tip jars and the
 * backoffice payouts table show every column head and the row actions without scrolling sideways;
 * at 390 px they still work (their container may scroll, the page may not; the page turners stay in
 * view) and the retry card's stepper shows its third step whole.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

const TABLES = [
  { path: '/nl/admin/tips' },
  { path: `/nl/backoffice/${DEMO_SLUG}/tips` },
  { path: '/nl/admin/tipjars' },
  { path: `/nl/backoffice/${DEMO_SLUG}/settlements` },
  { path: `/nl/backoffice/${DEMO_SLUG}/recurringtips` },
] as const;

/**
 * The demo tip jar has no payouts yet (the provider reports them only for a merchant with settled
 * payments), so its payouts list answers with three months of them, the shape the API gives.
 */
async function withPayouts(page: Page) {
  const settlement = (month: number, status: string, paidAt: string | null) => ({
    id: `set_demo_2026${String(month).padStart(2, '0')}`,
    tipjarId: '00000000-0000-4000-8000-000000000000',
    periodStart: `2026-${String(month).padStart(2, '0')}-01`,
    periodEnd: `2026-${String(month).padStart(2, '0')}-28`,
    status,
    gross: 1_234_567,
    fees: 61_728,
    costs: 12_345,
    net: 1_160_494,
    paidAt,
    tipCount: 321,
  });
  const data = [settlement(3, 'PENDING', null), settlement(2, 'PAID', '2026-03-05'), settlement(1, 'FAILED', null)];
  await page.route(/\/api\/v1\/tipjars\/[^/]+\/settlements(\?.*)?$/, (route) =>
    route.fulfill({ json: { data, metadata: { count: data.length, page: 1, itemsPerPage: 25 } } }),
  );
  await page.route(/\/api\/v1\/tipjars\/[^/]+\/settlements\/[^/?]+/, (route) =>
    route.fulfill({ json: { ...data[0], rows: [] } }),
  );
}

/**
 * The widest row a maker's list can get: the largest amount, a pending tip (the longest status in
 * Dutch), a long unbroken name and a long message. Before it, whether the list fitted depended on
 * which tips the specs before this one had left (a 6 px overflow once).
 */
async function withWidestTip(page: Page) {
  const found = await page.request.get(`/api/v1/tipjars?slug=${DEMO_SLUG}`);
  const [jar] = ((await found.json()) as { data: { id: string }[] }).data;
  const methods = await page.request.get('/api/v1/paymentmethods');
  const ideal = ((await methods.json()) as { data: { id: string; type: string }[] }).data.find(
    (m) => m.type === 'ideal',
  );
  const tip = await page.request.post(`/api/v1/tipjars/${jar!.id}/tips`, {
    data: {
      data: {
        amount: 100_000,
        displayName: `Wereldkampioenkoffiedrinker${run}`,
        message: `Een heel lang bericht zonder einde ${'koffie '.repeat(30)}`,
        email: `widest-${run}@example.com`,
        payment: { paymentmethod: ideal!.id, paymentissuer: '' },
        locale: 'nl',
      },
    },
  });
  expect(tip.status(), await tip.text()).toBe(201);
}

/**
 * The widest row of the maker's monthly tips: a new listener's monthly tip whose first payment was
 * cancelled in the checkout ("Betaling niet ingesteld", with its reason), under a long name.
 */
async function withFailedMonthlyTip(page: Page) {
  const email = `widest-monthly-${run}@example.com`;
  const password = `Een-sterk-wachtwoord-${run}!`;
  const registered = await page.request.post('/api/v1/users/register', {
    data: { data: { email, password, firstName: 'Breed', lastName: 'Maandelijks' } },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const found = await page.request.get(`/api/v1/tipjars?slug=${DEMO_SLUG}`);
  const [jar] = ((await found.json()) as { data: { id: string }[] }).data;
  const methods = await page.request.get('/api/v1/paymentmethods');
  const ideal = ((await methods.json()) as { data: { id: string; type: string }[] }).data.find(
    (m) => m.type === 'ideal',
  );
  const started = await page.request.post(`/api/v1/tipjars/${jar!.id}/recurringtips`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      data: {
        amount: 100_000,
        displayName: `Wereldkampioenmaandgever${run}`,
        payment: { paymentmethod: ideal!.id, paymentissuer: '' },
        locale: 'nl',
      },
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { oppTransaction } = (await started.json()) as { oppTransaction: { redirectUrl: string } };
  const checkout = await page.context().newPage();
  await checkout.goto(oppTransaction.redirectUrl);
  await checkout.locator('button[name="outcome"][value="cancelled"]').click();
  await checkout.waitForURL((url) => !url.pathname.startsWith('/sim/'));
  await checkout.close();
}

/** The table's scroll container (MUI TableContainer), once rows are there. */
async function tableOn(page: Page, path: string): Promise<{ table: Locator; container: Locator }> {
  await page.goto(path);
  const table = page.locator('main table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(loadingBars(page)).toHaveCount(0);
  return { table, container: table.locator('xpath=..') };
}

async function widths(locator: Locator) {
  return locator.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
}

/** Whether the element lies inside the viewport horizontally (its whole box). */
async function insideViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return Boolean(box && box.x >= 0 && box.x + box.width <= width + 0.5);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test.describe('tables fit their container', () => {
  test('at 1280 px every column head and the row actions are in view, without sideways scrolling', async ({ page }) => {
    test.setTimeout(180_000); // axe on each page takes a while on a loaded machine
    await page.setViewportSize(DESKTOP);
    await withPayouts(page);
    await withWidestTip(page);
    await withFailedMonthlyTip(page);
    await login(page, 'admin@podpot.local', '/nl');
    for (const { path } of TABLES) {
      const { table, container } = await tableOn(page, path);
      const { scroll, client } = await widths(container);
      expect(scroll, `${path}: table scrolls sideways (${scroll} > ${client})`).toBeLessThanOrEqual(client);
      expect(await pageScrollsSideways(page), `${path}: page scrolls sideways`).toBe(false);
      const heads = table.locator('thead th');
      const count = await heads.count();
      for (let i = 0; i < count; i++) {
        const head = heads.nth(i);
        if (!(await head.isVisible())) continue;
        expect(await insideViewport(page, head), `${path}: head "${await head.textContent()}" out of view`).toBe(true);
      }
      const actions = table.locator('tbody tr').first().locator('td').last().locator('a, button');
      expect(await actions.count(), `${path}: row actions`).toBeGreaterThan(0);
      for (let i = 0; i < (await actions.count()); i++) {
        expect(await insideViewport(page, actions.nth(i)), `${path}: row action ${i} out of view`).toBe(true);
      }
      await expectNoViolations(page);
    }
    // The hidden columns' values are behind a row click: it opens the tip's details.
    await page.goto('/nl/admin/tips');
    await page.getByTestId('tip-row').filter({ hasText: 'tipper0@example.org' }).locator('td').first().click();
    await expect(page.getByRole('dialog', { name: 'Fooi' })).toContainText('tipper0@example.org');
  });

  test('at 390 px the tables still work and the page does not scroll sideways', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await withPayouts(page);
    await login(page, 'admin@podpot.local', '/nl');
    for (const { path } of TABLES) {
      const { table } = await tableOn(page, path);
      expect(await pageScrollsSideways(page), `${path}: page scrolls sideways`).toBe(false);
      await expectNoViolations(page);
      // The page turners are in view without scrolling the pagination bar sideways (nothing to scroll).
      const pagination = await widths(page.locator('main .MuiTablePagination-root').first());
      expect(pagination.scroll, `${path}: pagination scrolls sideways`).toBeLessThanOrEqual(pagination.client);
      for (const name of ['Ga naar vorige pagina', 'Ga naar volgende pagina']) {
        const turner = page.getByRole('button', { name });
        expect(await insideViewport(page, turner), `${path}: "${name}" out of view`).toBe(true);
      }
      await expect(page.getByRole('combobox', { name: 'Rijen per pagina' })).toBeVisible();
      // The row action is there and opens what it opens (the detail, or the tip jar's edit page).
      const action = table.locator('tbody tr').first().locator('td').last().locator('a, button').first();
      // Brought to the middle of its scrolling table: scrolled only "if needed", it could stop a
      // fraction of a pixel short of the edge (ratio 0.995 once), which no user would notice.
      await action.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
      await expect(action).toBeInViewport({ ratio: 1 });
      await action.click();
      if (path.endsWith('/tipjars')) await expect(page).toHaveURL(/\/nl\/admin\/tipjars\/[^/]+$/);
      else await expect(page.getByRole('dialog')).toBeVisible();
    }
  });

  test('at 390 px an empty result says so in view, with no pages to turn', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await login(page, 'admin@podpot.local', '/nl');
    // The users table is wider than a phone: its message spans the box in view, not the whole table.
    await page.goto('/nl/admin/users');
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Gebruikers zoeken' }).fill(`niemand-${run}`);
    const message = page.getByText('Niets gevonden met deze zoekterm of dit filter.');
    await expect(message).toBeVisible();
    expect(await insideViewport(page, message), 'the message is cut off').toBe(true);
    const clear = page.getByRole('button', { name: 'Filters wissen' });
    expect(await insideViewport(page, clear), 'the clear button is out of view').toBe(true);
    await expect(page.getByText(/^0–0 van 0$/)).toHaveCount(0);
    await clear.click();
    await expect(page.getByRole('button', { name: 'Ga naar volgende pagina' })).toBeVisible();
  });

  test("at 390 px a listener's monthly tips read whole, and a maker's open with a tap on the row", async ({ page }) => {
    await page.setViewportSize(PHONE);
    // A demo monthly tipper (apps/api/src/seed/demo-monthly.ts).
    await login(page, 'femke@example.org', '/nl');
    await page.goto('/nl/account/recurringtips');
    const row = page.getByTestId('my-recurringtip-row').first();
    await expect(row).toContainText('€ 10,00 per maand');
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const manage = row.getByRole('link', { name: /De Koffiepod/ });
    expect(await insideViewport(page, manage), 'the manage button is out of view').toBe(true);
    await expectNoViolations(page);

    await login(page, 'maker@podpot.local', '/nl');
    await page.goto(`/nl/backoffice/${DEMO_SLUG}/recurringtips`);
    await page.getByTestId('recurringtip-row').filter({ hasText: 'Femke' }).locator('td').first().click();
    const dialog = page.getByRole('dialog', { name: 'Maandelijkse fooi' });
    await expect(dialog).toContainText('Incassodag');
    // On a phone the dialog fills the screen.
    expect((await dialog.boundingBox())?.width).toBe(PHONE.width);
  });

  test("on a phone the retry card's stepper shows step 3 whole", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await login(page, 'maker@podpot.local', '/nl');
    const slug = `e2e-fit-${run}`;
    await page.goto('/nl/order');
    await page.getByRole('textbox', { name: 'Naam van je Podpot' }).fill(`Fit ${run}`);
    await page.getByRole('textbox', { name: 'Webadres' }).fill(slug);
    await page.getByRole('textbox', { name: 'Contact e-mailadres' }).fill('maker@podpot.local');
    await page.getByRole('textbox', { name: 'Mobiel nummer' }).fill('06 12345678');
    await expect(page.getByText('Beschikbaar: ', { exact: false }).filter({ hasText: `/${slug}` })).toBeVisible();
    await page.getByRole('button', { name: 'AFREKENEN € 15,00' }).click();
    await expect(page).toHaveURL(/\/sim\/checkout\//);
    await page.locator('button[name="outcome"][value="expired"]').click();

    const dialog = page.getByRole('dialog', { name: 'Rond de betaling van je Podpot af' });
    const card = dialog.getByTestId('retry-payment-card');
    await expect(card.getByTestId('retry-step-2')).toBeVisible({ timeout: 30_000 });
    expect(await pageScrollsSideways(page)).toBe(false);
    const stepper = card.locator('.MuiStepper-root');
    const done = stepper.getByText('Afgerond', { exact: true });
    await expect(done).toBeVisible();
    // Whole: within the card, the viewport, and not cut by its own box.
    const cardBox = await card.boundingBox();
    const box = await done.boundingBox();
    expect(box && cardBox).toBeTruthy();
    if (!box || !cardBox) return;
    expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    expect(await insideViewport(page, done)).toBe(true);
    expect(await done.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const cardWidths = await widths(card);
    expect(cardWidths.scroll).toBeLessThanOrEqual(cardWidths.client);
    await expectNoViolations(page);
  });
});
