import type { Page } from '@playwright/test';
import { DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Keyset paging in the tips table (decision 041): next and previous ask the API for the rows right after
 * or before the page shown (`after` / `before`), and the rows are the ones the skip/limit window gives (docs/domain-rules.md §2) —
 * nothing the maker sees changes. Page 1 and a new sort go by skip.
 */
const rowsOf = (page: Page) => page.getByTestId('tip-row').allInnerTexts();

/** Clicks a pagination button and answers the list call it made (its query string). */
async function turn(page: Page, button: 'Go to next page' | 'Go to previous page') {
  const call = page.waitForRequest((request) => /\/api\/v1\/tipjars\/[^/]+\/tips\?/.test(request.url()));
  await page.getByRole('button', { name: button }).click();
  const url = new URL((await call).url());
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return url.searchParams;
}

test('the maker pages through the tips by cursor and sees the pages skip/limit gives', async ({ page }) => {
  await login(page, 'maker@podpot.local');
  await page.goto(`/backoffice/${DEMO_SLUG}/tips`);
  await expect(page.getByTestId('tip-row').first()).toBeVisible();
  // Sorted by amount (many equal amounts in the demo: ties go by date, then id), largest first.
  await page.getByRole('button', { name: 'Amount' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // The same list on one page of 25, by skip: the reference (the demo has a few dozen tips).
  const all = await rowsOf(page);
  expect(all.length).toBeGreaterThan(20);

  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(page.getByTestId('tip-row')).toHaveCount(10);
  expect(await rowsOf(page)).toEqual(all.slice(0, 10));

  const second = await turn(page, 'Go to next page');
  expect(second.get('after')).toBeTruthy();
  expect(second.get('skip')).toBe('10');
  expect(await rowsOf(page)).toEqual(all.slice(10, 20));
  expect((await turn(page, 'Go to next page')).get('after')).toBeTruthy();
  expect((await rowsOf(page)).slice(0, all.length - 20)).toEqual(all.slice(20));

  // Back: page 2 is cached (shown at once) and refreshed by cursor, still the same rows.
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByText(/^11–20 of/)).toBeVisible();
  expect(await rowsOf(page)).toEqual(all.slice(10, 20));
});
