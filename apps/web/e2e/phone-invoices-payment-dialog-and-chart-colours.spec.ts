import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatCents } from '@podpot/domain';
import { DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 39's phone polish: the maker's invoice list fits a 390 px phone and a tap on a row opens the
 * invoice; the payment dialog of an unpaid Podpot is opaque down to its bottom; the statistics charts
 * draw in the brand's colours (not the chart library's default blues).
 */

const SHOTS = '/tmp/h39b-mobile';
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const TIPJAR_ID = '00000000-0000-4000-8000-000000000000';

/** A platform-fee invoice of a month and a one-off order invoice, as the API lists them. */
function invoice(n: number, period: string | null, totalInclVat: number) {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    number: `2026-000${n}`,
    tipjarId: TIPJAR_ID,
    tipjarName: 'De Koffiepod',
    period,
    status: 'sent',
    lines: [{ description: 'Platformkosten', quantity: 1, unitPriceExVat: 9_876_543, totalExVat: 9_876_543 }],
    totalExVat: Math.round(totalInclVat / 1.21),
    vat: totalInclVat - Math.round(totalInclVat / 1.21),
    totalInclVat,
    issuedAt: '2026-10-01',
    sentAt: '2026-10-01',
    created: '2026-10-01T09:00:00.000Z',
    updated: '2026-10-01T09:00:00.000Z',
  };
}

/** The demo tip jar has no invoices yet: its list (and each invoice) answers as the API would. */
async function withInvoices(page: Page) {
  const data = [invoice(1, '2026-09', 11_950_617), invoice(2, null, 1_815)];
  await page.route(/\/api\/v1\/tipjars\/[^/]+\/invoices(\?.*)?$/, (route) =>
    route.fulfill({ json: { data, metadata: { count: data.length, page: 1, itemsPerPage: 25 } } }),
  );
  await page.route(/\/api\/v1\/tipjars\/[^/]+\/invoices\/[^/?]+$/, (route) =>
    route.fulfill({ json: data.find((i) => route.request().url().endsWith(i.id)) }),
  );
}

test.describe('the invoice list on a phone', () => {
  test.use({ hasTouch: true });
  for (const lng of ['en', 'nl'] as const) {
    test(`at 390 px the total is in view and a tap on a row opens the invoice (${lng})`, async ({ page }) => {
      const prefix = lng === 'nl' ? '/nl' : '';
      await page.setViewportSize(PHONE);
      await withInvoices(page);
      await login(page, 'maker@podpot.local', prefix);
      await page.goto(`${prefix}/backoffice/${DEMO_SLUG}/invoices`);
      const row = page.getByTestId('invoice-row').filter({ hasText: '2026-0001' });
      await expect(row).toBeVisible();
      // The row stacks the number over its period and status.
      await expect(row).toContainText(lng === 'nl' ? 'september 2026' : 'September 2026');
      await expect(
        row.getByText(lng === 'nl' ? 'Verzonden' : 'Sent', { exact: true }).locator('visible=true'),
      ).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/invoices-390-${lng}.png`, fullPage: true });
      const total = row.getByText(formatCents(11_950_617, lng));
      const box = await total.boundingBox();
      expect(box, 'the total is drawn').not.toBeNull();
      if (box) expect(box.x + box.width, 'the total ends inside the viewport').toBeLessThanOrEqual(PHONE.width);
      const open = row.getByRole('link', { name: lng === 'nl' ? 'Factuur openen' : 'Open invoice' });
      const link = await open.boundingBox();
      if (link) expect(link.x + link.width, 'the open link ends inside the viewport').toBeLessThanOrEqual(PHONE.width);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
      ).toBe(false);

      // A tap on the row's number (not on its link) opens the invoice.
      await row.locator('td').first().tap();
      await expect(page).toHaveURL(new RegExp(`/backoffice/${DEMO_SLUG}/invoices/${invoice(1, null, 0).id}$`));
      await expect(page.getByTestId('invoice-details')).toContainText('2026-0001');
    });
  }
});

/**
 * The demo tip jar as one whose Podpot payment expired: the backoffice opens its payment dialog with
 * the retry card's checkout block (the longest content that dialog has).
 */
async function withExpiredPayment(page: Page) {
  await page.route(/\/api\/v1\/tipjars\?.*managed=true/, async (route) => {
    const list = await (await route.fetch()).json();
    for (const tipjar of list.data) {
      tipjar.status = 'PAYMENT_EXPIRED';
      tipjar.addons = [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          tipjarId: tipjar.id,
          created: '2026-10-01T09:00:00.000Z',
          type: { name: 'Podpot', unlocks: 'TIPJAR' },
          costTotalWithTax: 1_500,
          oppTransaction: { status: 'expired', redirectUrl: null },
        },
      ];
    }
    await route.fulfill({ json: list });
  });
}

test.describe('the payment dialog on a phone', () => {
  for (const viewport of [PHONE, { width: 390, height: 664 }]) {
    test(`at ${viewport.width}x${viewport.height} it is opaque down to its bottom; its content scrolls`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await withExpiredPayment(page);
      await login(page, 'maker@podpot.local', '/nl');
      await page.goto(`/nl/backoffice/${DEMO_SLUG}`);
      const dialog = page.getByRole('dialog', { name: 'Rond de betaling van je Podpot af' });
      await expect(dialog.getByRole('button', { name: /AFREKENEN/ })).toBeAttached();
      await page.screenshot({ path: `${SHOTS}/payment-dialog-${viewport.height}.png` });
      /** Whether every point of the bottom strip of the screen shows the dialog, not the page behind it. */
      const bottomIsDialog = () =>
        page.evaluate(
          ([width, height]) =>
            [8, width / 2, width - 8].flatMap((x) =>
              [height - 40, height - 4].map((y) => {
                const hit = document.elementFromPoint(x, y);
                return Boolean(hit?.closest('.MuiDialog-paper'));
              }),
            ),
          [viewport.width, viewport.height] as const,
        );
      expect(await bottomIsDialog(), 'the bottom of the screen is the dialog').not.toContain(false);
      // Its "later" button is in view without scrolling; the checkout below scrolls inside the dialog.
      await expect(dialog.getByRole('button', { name: 'Later' })).toBeInViewport();
      // Scrolled to its end: still opaque down to the bottom, the pay button reachable.
      await dialog.getByRole('button', { name: /AFREKENEN/ }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: /AFREKENEN/ })).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/payment-dialog-${viewport.height}-end.png` });
      expect(await bottomIsDialog(), 'scrolled, the bottom of the screen is the dialog').not.toContain(false);
    });
  }
});

/** docs/product.md §9: the brand's orange, teal, yellow and green, as the browser computes them. */
const BRAND = ['rgb(242, 138, 61)', 'rgb(78, 131, 129)', 'rgb(251, 189, 81)', 'rgb(126, 217, 87)'];

test('the statistics charts draw their bars, slices and lines in the brand colours', async ({ page }) => {
  // Under a full run's load the dashboard's statistics and the charts' own chunk come late.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'maker@podpot.local');
  const statistics = page.waitForResponse((r) => /\/statistics\?/.test(r.url()) && r.status() === 200);
  await page.goto(`/backoffice/${DEMO_SLUG}`);
  const { totals } = (await (await statistics).json()) as { totals: { count: number } };
  expect(totals.count, 'the demo has paid tips in the last 30 days').toBeGreaterThan(0);
  const charts = page.locator('[data-testid^="chart-"]');
  await expect(charts.locator('.MuiPieArc-root').first()).toBeVisible({ timeout: 30_000 });
  await expect(charts.locator('.MuiBarElement-root').first()).toBeAttached();
  await expect(charts.locator('.MuiLineElement-root').first()).toBeAttached();
  const painted = await charts.evaluateAll((sections) =>
    sections.flatMap((section) => [
      ...Array.from(section.querySelectorAll('.MuiBarElement-root, .MuiPieArc-root'), (el) => ({
        chart: section.getAttribute('data-testid'),
        colour: getComputedStyle(el).fill,
      })),
      ...Array.from(section.querySelectorAll('.MuiLineElement-root'), (el) => ({
        chart: section.getAttribute('data-testid'),
        colour: getComputedStyle(el).stroke,
      })),
    ]),
  );
  await page.screenshot({ path: `${SHOTS}/charts-1280-en.png`, fullPage: true });
  expect(painted.length).toBeGreaterThan(3);
  for (const { chart, colour } of painted) expect(BRAND, `${chart} is drawn in ${colour}`).toContain(colour);
  // A doughnut of two or more slices takes the colours in turn: not every slice is orange.
  const slices = painted.filter((p) => p.chart === 'chart-by-method' || p.chart === 'chart-by-kind');
  if (slices.length > 1) expect(new Set(slices.map((p) => p.colour)).size).toBeGreaterThan(1);
});
