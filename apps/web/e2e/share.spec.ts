import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, signedInOnce } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 14, "where listeners are" (decision 031): the demo maker opens the backoffice's Share page,
 * copies the podcast:funding tag, sees both badges drawn by the API, downloads a QR code that scans to
 * the storefront and the poster — in English on a desktop and in Dutch on a phone.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const maker = signedInOnce('maker@podpot.local');

/** A signed-in page of its own (closed after the test), whose clipboard the test may read. */
async function sharePage(browser: Browser, viewport: { width: number; height: number }) {
  const page = await maker.newPage(browser, { viewport, acceptDownloads: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  return page;
}

/** Every image in the page's main area has loaded with a width of its own (the API drew it). */
async function expectImagesLoaded(page: Page, count: number) {
  const images = page.locator('main img');
  await expect(images).toHaveCount(count);
  await expect
    .poll(() => images.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length))
    .toBe(count);
}

/** What a phone's camera reads from a downloaded PNG. */
function scan(png: Buffer) {
  const image = PNG.sync.read(png);
  return {
    size: [image.width, image.height],
    text: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data,
  };
}

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { filename: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('the maker finds the Share page and copies the funding tag; the badges and QR code show (English, desktop)', async ({
  browser,
  baseURL,
}) => {
  const page = await sharePage(browser, DESKTOP);
  // From a light page of the backoffice (the dashboard draws charts), through the menu.
  await page.goto(`/backoffice/${DEMO_SLUG}/settings`);
  await page.getByRole('navigation', { name: 'Backoffice menu' }).getByRole('link', { name: 'Share' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share' })).toBeVisible();
  await expect(page).toHaveURL(`/backoffice/${DEMO_SLUG}/share`);

  const tag = `<podcast:funding url="${baseURL}/${DEMO_SLUG}">Tip us on Podpot</podcast:funding>`;
  await expect(page.getByRole('textbox', { name: 'podcast:funding tag' })).toHaveValue(tag);
  await page.getByRole('button', { name: 'Copy: podcast:funding tag' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tag);

  // The snippet as the maker pastes it, and its preview: the badge (both languages) and the QR code, drawn by the API.
  await expect(page.getByRole('textbox', { name: 'HTML in English' })).toHaveValue(
    new RegExp(
      `^<a href="${baseURL}/${DEMO_SLUG}"><img src="${baseURL}/api/v1/tipjars/slug/${DEMO_SLUG}/badge.svg\\?lang=en" alt="Tip us on Podpot" width="\\d+" height="44"></a>$`,
    ),
  );
  await expect(page.getByRole('link', { name: 'Tip us on Podpot' })).toHaveAttribute('href', `${baseURL}/${DEMO_SLUG}`);
  await expect(page.getByRole('link', { name: 'Geef een fooi via Podpot' })).toHaveAttribute(
    'href',
    `${baseURL}/nl/${DEMO_SLUG}`,
  );
  await expectImagesLoaded(page, 3);
});

test('the English Share page has no accessibility violations (axe)', async ({ browser }) => {
  const page = await sharePage(browser, DESKTOP);
  await page.goto(`/backoffice/${DEMO_SLUG}/share`);
  await expect(page.getByRole('heading', { level: 1, name: 'Share' })).toBeVisible();
  await expectImagesLoaded(page, 3);
  await expectNoViolations(page);
});

test('the maker downloads a QR code that scans to the storefront, and the poster (English)', async ({
  browser,
  baseURL,
}) => {
  const page = await sharePage(browser, DESKTOP);
  await page.goto(`/backoffice/${DEMO_SLUG}/share`);
  const qr = await download(page, 'PNG 1,024 px');
  expect(qr.filename).toBe(`${DEMO_SLUG}-qr-1024.png`);
  expect(scan(qr.bytes)).toEqual({ size: [1024, 1024], text: `${baseURL}/${DEMO_SLUG}` });

  const poster = await download(page, 'Poster in English (PDF)');
  expect(poster.filename).toBe(`${DEMO_SLUG}-poster.pdf`);
  expect(poster.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the Dutch Share page on a phone: Dutch tag and snippet, downloads, nothing wider than the screen', async ({
  browser,
  baseURL,
}) => {
  const page = await sharePage(browser, PHONE);
  await page.goto(`/nl/backoffice/${DEMO_SLUG}/share`);
  await expect(page.getByRole('heading', { level: 1, name: 'Delen' })).toBeVisible();
  const tag = `<podcast:funding url="${baseURL}/nl/${DEMO_SLUG}">Geef ons een fooi via Podpot</podcast:funding>`;
  await expect(page.getByRole('textbox', { name: 'podcast:funding-tag' })).toHaveValue(tag);
  await page.getByRole('button', { name: 'Kopiëren: HTML in het Nederlands' }).click();
  await expect(page.getByText('Gekopieerd naar het klembord')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('alt="Geef een fooi via Podpot"');
  await expectImagesLoaded(page, 3);

  const qr = await download(page, 'PNG 2.048 px');
  expect(qr.filename).toBe(`${DEMO_SLUG}-qr-nl-2048.png`);
  expect(scan(qr.bytes)).toEqual({ size: [2048, 2048], text: `${baseURL}/nl/${DEMO_SLUG}` });
  const poster = await download(page, 'Poster in het Nederlands (pdf)');
  expect(poster.filename).toBe(`${DEMO_SLUG}-poster-nl.pdf`);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoViolations(page);
});
