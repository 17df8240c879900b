import type { Locator, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * An empty list says what to do next with a button (the maker's tips: open the
 * page to share), a filter without results offers "clear filters" instead, and the settings form
 * uses the width it has: two columns at 1280 px, one on a 390 px phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TIPS = `/nl/backoffice/${DEMO_SLUG}/tips`;

/** A fresh tip jar's list: the demo jar has tips, so its unfiltered list answers with none. */
async function withoutTips(page: Page) {
  await page.route(/\/api\/v1\/tipjars\/[^/]+\/tips(\?.*)?$/, (route) => {
    const query = new URL(route.request().url()).searchParams;
    if (query.get('search') || query.get('status')) return route.fallback();
    return route.fulfill({ json: { data: [], metadata: { count: 0, page: 1, itemsPerPage: 25 } } });
  });
}

test('an empty tips list says to share the page, with a button that opens it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await withoutTips(page);
  await login(page, 'maker@podpot.local', '/nl');
  await page.goto(TIPS);
  const main = page.getByRole('main');
  await expect(main.getByText('Nog geen fooien')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Filters wissen' })).toHaveCount(0);
  await expectNoViolations(page);
  const [storefront] = await Promise.all([
    page.waitForEvent('popup'),
    main.getByRole('link', { name: 'Open je pagina' }).click(),
  ]);
  await expect(storefront).toHaveURL(new RegExp(`/nl/${DEMO_SLUG}$`));
  await expect(storefront.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a filter without results offers to clear it, not to share the page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, 'maker@podpot.local', '/nl');
  await page.goto(TIPS);
  const main = page.getByRole('main');
  await expect(main.getByTestId('tip-row').first()).toBeVisible();
  await main.getByRole('searchbox', { name: 'Zoek op naam of bericht' }).fill('geen-enkele-fooi-heet-zo');
  await expect(main.getByText('Niets gevonden met deze zoekterm of dit filter')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Open je pagina' })).toHaveCount(0);
  await expectNoViolations(page);
  await main.getByRole('button', { name: 'Filters wissen' }).click();
  await expect(main.getByTestId('tip-row').first()).toBeVisible();
  await expect(main.getByRole('searchbox', { name: 'Zoek op naam of bericht' })).toHaveValue('');
});

async function boxOf(field: Locator) {
  const box = await field.boundingBox();
  if (!box) throw new Error('field not laid out');
  return box;
}

test('the settings form uses two columns at 1280 px and one on a phone', async ({ page }) => {
  await login(page, 'maker@podpot.local', '/nl');
  const settings = `/nl/backoffice/${DEMO_SLUG}/settings`;
  // The grid cells of two fields: the feed's cell also holds its artwork and Fetch button.
  const cellOf = (name: string) =>
    page.getByRole('textbox', { name }).locator('xpath=ancestor::div[contains(@class, "MuiGrid-")][1]');
  const podcast = cellOf('Link naar je podcast');
  const rss = cellOf('Podcastfeed (RSS)');

  await page.setViewportSize(DESKTOP);
  await page.goto(settings);
  let [a, b] = [await boxOf(podcast), await boxOf(rss)];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  expect(b.x).toBeGreaterThanOrEqual(a.x + a.width - 1);
  await expectNoViolations(page);

  await page.setViewportSize(PHONE);
  await page.goto(settings);
  [a, b] = [await boxOf(podcast), await boxOf(rss)];
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
  expect(Math.abs(a.x - b.x)).toBeLessThan(2);
  await expectNoViolations(page);
});
