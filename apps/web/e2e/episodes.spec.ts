import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, signedInOnce } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 14 part 2, tips per episode: the demo tip jar's feed (served by the app itself, read at start)
 * lists its episodes on the storefront → a listener opens one and tips it in the simulator → the maker's
 * Episodes page shows the tip on that episode's row and opens its tips → the Share page gives that
 * episode's QR code and poster. In English on a desktop and in Dutch on a phone.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

const maker = signedInOnce('maker@podpot.local');

/** A page of its own: a listener's (no session) or, `asMaker`, the demo maker's. */
function newPage(browser: Browser, viewport: { width: number; height: number }, asMaker = false) {
  return maker.newPage(browser, { viewport, acceptDownloads: true }, { signedIn: asMaker });
}

/** The Episodes page's row of episode `number`, and its count of tips (the demo data has some already). */
async function episodeRow(page: Page, prefix: '' | '/nl', number: number) {
  await page.goto(`${prefix}/backoffice/${DEMO_SLUG}/episodes`);
  // The demo feed's titles start with their number, so the page names each episode by its title alone.
  const name = new RegExp(`Aflevering ${number}:`);
  const row = page.getByTestId('table-episodes').getByRole('row', { name });
  // td: published (hidden on a phone), tips, gross, net.
  const count = Number(await row.locator('td').nth(1).textContent());
  return { row, count };
}

/** What a phone's camera reads from a downloaded PNG. */
function scan(png: Buffer) {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

async function download(page: Page, scope: ReturnType<Page['getByRole']>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByRole('link', { name }).click()]);
  return { filename: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** The listener's part: the storefront lists the episodes, the `index`-th one is opened and tipped. */
async function tipAnEpisode(page: Page, prefix: '' | '/nl', index: number, tipper: string) {
  const nl = prefix === '/nl';
  await page.goto(`${prefix}/${DEMO_SLUG}`);
  const list = page.getByRole('region', { name: nl ? 'Recente afleveringen' : 'Recent episodes' });
  await expect(list.getByTestId('episode-link')).toHaveCount(3);
  const link = list.getByTestId('episode-link').nth(index);
  const href = (await link.getAttribute('href'))!;
  const episodeId = href.split('/e/')[1]!;
  expect(href).toBe(`${prefix}/${DEMO_SLUG}/e/${episodeId}`);
  const number = 3 - index;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/${DEMO_SLUG}/e/${episodeId}$`));
  const heading = nl ? `Fooi voor “Aflevering ${number}:` : `Tip for “Aflevering ${number}:`;
  await expect(page.getByTestId('episode-heading')).toContainText(heading);
  // Its own share tags, in the page's language.
  await expect(page).toHaveTitle(new RegExp(`^${heading}.* - De Koffiepod - Podpot$`));
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new RegExp(`${prefix}/${DEMO_SLUG}/e/${episodeId}$`),
  );

  await page.getByRole('button', { name: nl ? '€ 5,00' : '€5.00', exact: true }).click();
  await page.getByRole('textbox', { name: nl ? 'Je naam' : 'Your name' }).fill(tipper);
  await page.getByRole('textbox', { name: nl ? 'E-mailadres' : 'E-mail address' }).fill(`${run}@example.com`);
  await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await page.getByRole('button', { name: nl ? 'AFREKENEN € 5,00' : 'CHECK OUT €5.00' }).click();
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator('button[name="outcome"][value="completed"]').click();
  await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  return { episodeId, number };
}

test('an unknown episode is the 404 page', async ({ page }) => {
  const response = await page.goto(`/${DEMO_SLUG}/e/00000000-0000-4000-8000-000000000000`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});

test('the episode page has no accessibility violations (axe), in English and Dutch', async ({ page }) => {
  await page.goto(`/${DEMO_SLUG}`);
  const href = (await page.getByTestId('episode-link').first().getAttribute('href'))!;
  await page.goto(href);
  await expect(page.getByTestId('episode-heading')).toBeVisible();
  await expectNoViolations(page);
  await page.goto(`/nl${href}`);
  await expect(page.getByTestId('episode-heading')).toContainText('Fooi voor “Aflevering');
  await expectNoViolations(page);
});

test('English, desktop: tip an episode, see it on its row, open its tips, download its QR code and poster', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const maker = await newPage(browser, DESKTOP, true);
  const before = await episodeRow(maker, '', 3);
  const listener = await newPage(browser, DESKTOP);
  const tipper = `Episode fan ${run}`;
  const { episodeId, number } = await tipAnEpisode(listener, '', 0, tipper);
  expect(number).toBe(3);

  await maker.goto(`/backoffice/${DEMO_SLUG}/settings`);
  await maker.getByRole('navigation', { name: 'Backoffice menu' }).getByRole('link', { name: 'Episodes' }).click();
  await expect(maker.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible();
  await expect(maker.getByTestId('chart-episodes').getByTestId('chart-graphic')).toBeVisible();
  const row = maker.getByTestId('table-episodes').getByRole('row', { name: /Aflevering 3:/ });
  await expect(row.locator('td').nth(1)).toHaveText(String(before.count + 1));

  await row.getByTestId('episode-tips-link').click();
  await expect(maker).toHaveURL(`/backoffice/${DEMO_SLUG}/tips?episode=${episodeId}`);
  await expect(maker.getByTestId('episode-filter')).toContainText(`Tips for Aflevering ${number}:`);
  await expect(maker.getByTestId('tip-row').filter({ hasText: tipper })).toHaveCount(1);

  await maker.goto(`/backoffice/${DEMO_SLUG}/share`);
  // The feed's state: linked once the refresh job has read the demo feed (it carries the tag), unchecked before.
  await expect(maker.getByTestId('feed-status')).toContainText(/Your feed links to Podpot ✓|Not checked yet/);
  const episode = maker.getByRole('region', { name: 'One episode' });
  await episode.getByRole('combobox', { name: 'Episode' }).click();
  await maker.getByRole('option', { name: new RegExp(`^Aflevering ${number}:`) }).click();
  await expect(episode.getByRole('textbox', { name: "Link to the episode's tip page" })).toHaveValue(
    `${baseURL}/${DEMO_SLUG}/e/${episodeId}`,
  );
  const qr = await download(maker, episode, 'PNG 1,024 px');
  expect(scan(qr.bytes)).toBe(`${baseURL}/${DEMO_SLUG}/e/${episodeId}`);
  const poster = await download(maker, episode, 'Poster in English (PDF)');
  expect(poster.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('Dutch, phone: tip an episode, see it on its row, open its tips, download its QR code and poster', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const maker = await newPage(browser, PHONE, true);
  const before = await episodeRow(maker, '/nl', 2);
  const listener = await newPage(browser, PHONE);
  const tipper = `Afleveringsfan ${run}`;
  const { episodeId, number } = await tipAnEpisode(listener, '/nl', 1, tipper);
  expect(number).toBe(2);
  expect(await listener.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const page = maker;
  const { row, count } = await episodeRow(page, '/nl', 2);
  await expect(page.getByRole('heading', { level: 1, name: 'Afleveringen' })).toBeVisible();
  expect(count).toBe(before.count + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoViolations(page);

  await row.getByTestId('episode-tips-link').click();
  await expect(page).toHaveURL(`/nl/backoffice/${DEMO_SLUG}/tips?episode=${episodeId}`);
  await expect(page.getByTestId('episode-filter')).toContainText(`Fooien voor Aflevering ${number}:`);
  await expect(page.getByTestId('tip-row').filter({ hasText: tipper })).toHaveCount(1);

  await page.goto(`/nl/backoffice/${DEMO_SLUG}/share`);
  await expect(page.getByTestId('feed-status')).toContainText(/Je feed linkt naar Podpot ✓|Nog niet gecontroleerd/);
  const episode = page.getByRole('region', { name: 'Eén aflevering' });
  await episode.getByRole('combobox', { name: 'Aflevering' }).click();
  await page.getByRole('option', { name: new RegExp(`^Aflevering ${number}:`) }).click();
  const qr = await download(page, episode, 'PNG 512 px');
  expect(scan(qr.bytes)).toBe(`${baseURL}/nl/${DEMO_SLUG}/e/${episodeId}`);
  const poster = await download(page, episode, 'Poster in het Nederlands (pdf)');
  expect(poster.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
