import type { Page } from '@playwright/test';
import type { Statistics } from '@podpot/domain';
import { expectNoViolations } from './support/axe';
import { apiAs, DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * The statistics period lives in the URL (a reload or a shared link keeps it), the
 * demo data has monthly tippers (the chart is not empty), the admin's "Top Podpots" fits a phone, and
 * the provider's verification page speaks Dutch to a Dutch maker.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const DASHBOARD = `/nl/backoffice/${DEMO_SLUG}`;

/** The statistics the page asked for next (after `act`). */
async function statisticsAfter(page: Page, act: () => Promise<unknown>): Promise<Statistics> {
  const response = page.waitForResponse((r) => /\/statistics\?/.test(r.url()) && r.status() === 200);
  await act();
  const statistics = (await (await response).json()) as Statistics;
  await expect(page.getByTestId('statistics-period')).toHaveAttribute('data-from', statistics.period.from);
  return statistics;
}

test('the chosen period is in the URL: a reload and a shared link show the same period', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await login(page, 'maker@podpot.local', '/nl');
  await statisticsAfter(page, () => page.goto(DASHBOARD));
  await statisticsAfter(page, () => page.getByTestId('period-12m').click());
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}\\?period=12m$`));

  const reloaded = await statisticsAfter(page, () => page.reload());
  expect(reloaded.period).toMatchObject({ period: '12m', granularity: 'month' });
  await expect(page.getByTestId('period-12m')).toHaveAttribute('aria-pressed', 'true');

  // A custom period with weeks, opened from a link in a fresh tab.
  const link = `${DASHBOARD}?period=custom&from=2026-01-05&to=2026-03-29&granularity=week`;
  const shared = await page.context().newPage();
  const custom = await statisticsAfter(shared, () => shared.goto(link));
  expect(custom.period).toMatchObject({ period: 'custom', from: '2026-01-05', to: '2026-03-29', granularity: 'week' });
  await expect(shared.getByTestId('period-from')).toHaveValue('2026-01-05');
  await expect(shared.getByTestId('period-to')).toHaveValue('2026-03-29');
  await expectNoViolations(shared);

  // Back to the default period: only the chosen step stays in the query string.
  await statisticsAfter(shared, () => shared.getByTestId('period-30d').click());
  await expect(shared).toHaveURL(new RegExp(`${DASHBOARD}\\?granularity=week$`));
});

test('the demo has monthly tippers: the chart draws them, from the API, over 12 months', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, 'maker@podpot.local', '/nl');
  const s = await statisticsAfter(page, () => page.goto(`${DASHBOARD}?period=12m`));
  expect(s.monthlyTippers.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(6);
  const chart = page.getByTestId('chart-monthly-tippers');
  await expect(chart.getByTestId('chart-empty')).toHaveCount(0);
  await expect(chart.locator('.MuiLineElement-root')).toHaveCount(1);
  // The monthly tips list has them too.
  await page.goto(`${DASHBOARD}/recurringtips`);
  await expect(page.getByTestId('recurringtip-row').first()).toBeVisible();
  await expectNoViolations(page);
});

test('on a phone the admin\'s "Top Podpots" fits: name, count and net in view, no sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await login(page, 'admin@podpot.local', '/nl');
  const s = await statisticsAfter(page, () => page.goto('/nl/admin'));
  const top = page.getByTestId('table-top-tipjars');
  await top.scrollIntoViewIfNeeded();
  const scroller = top.locator('xpath=..');
  const { scroll, client } = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  const first = top.locator('tbody tr').first();
  await expect(first.locator('th')).toHaveText(s.topTipjars![0]!.name);
  // The net column (the ranking) is whole on screen.
  const net = first.locator('td').last();
  const box = await net.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoViolations(page);
});

test("the provider's verification page speaks Dutch to a Dutch maker", async ({ page }) => {
  await login(page, 'maker@podpot.local', '/nl');
  const jars = await apiAs<{ data: { id: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}`);
  const merchant = await apiAs<{ bankAccount: { verificationUrl: string | null } | null }>(
    page,
    'GET',
    `tipjars/${jars.body.data[0]!.id}/oppmerchant`,
  );
  const url = merchant.body.bankAccount?.verificationUrl;
  expect(url).toBeTruthy();
  // Opened, not submitted: the demo merchant stays as it is for the other tests.
  await page.goto(new URL(url!).pathname);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificatie');
  await expect(page.getByRole('button', { name: 'Goedkeuren' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afwijzen' })).toBeVisible();
  await expect(page.getByText('Approve')).toHaveCount(0);
  await expectNoViolations(page);
});
