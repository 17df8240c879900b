import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectPodcastAppLinks, mp3 } from './support/audio';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, signedInOnce } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 40, the private supporter feed: the demo maker puts bonus episodes on the backoffice's Bonus
 * page (a file that is no audio is refused at its field, a real mp3 goes up, a 9 MB one in two parts),
 * edits and deletes one;
 * a monthly supporter of the demo tip jar (Ilse, demo-monthly.ts) finds 'Your private feed' under her
 * monthly tip — the address, the podcast apps' links, a QR code that scans to it — and makes a new
 * address, after which the old one stops working; a supporter who stopped (Wouter) is asked to
 * renew. English on a desktop, Dutch on a phone; axe on every page. Runs against the real API.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const TITLE = `Behind the beans ${run}`;

const maker = signedInOnce('maker@podpot.local');
const supporter = signedInOnce('ilse@example.org');
const stopped = signedInOnce('wouter@example.org');

/** Text with an .mp3 name: what the API's check of the first bytes refuses. */
const notAudio = {
  name: 'notes.mp3',
  mimeType: 'audio/mpeg',
  buffer: Buffer.from('These are my show notes, not audio.\n'),
};

async function bonusPage(browser: Browser, viewport: { width: number; height: number }, prefix = '') {
  const page = await maker.newPage(browser, { viewport });
  await page.goto(`${prefix}/backoffice/${DEMO_SLUG}/settings`);
  return page;
}

function audioInput(page: Page) {
  return page.getByTestId('file-audio').locator('input[type="file"]');
}

/** What a phone's camera reads from the QR code as the page shows it. */
async function scan(page: Page, name: string) {
  const png = PNG.sync.read(await page.getByRole('img', { name }).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

// Three sign-ins (beforeAll) count within the first test's time; under a full run's load they take half a minute.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test('the maker puts bonus episodes on the Bonus page: a non-audio file is refused at its field, an mp3 goes up (English, desktop)', async ({
  browser,
}) => {
  const page = await bonusPage(browser, DESKTOP);
  await page.getByRole('navigation', { name: 'Backoffice menu' }).getByRole('link', { name: 'Bonus' }).click();
  await expect(page).toHaveURL(`/backoffice/${DEMO_SLUG}/bonus`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus' })).toBeVisible();
  await expect(page.getByTestId('bonus-empty')).toContainText('private feed address');
  await expect(page.getByTestId('supporter-feed-summary')).toContainText('Private supporter feed');
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'New bonus episode' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bonus episode' });
  await expect(dialog).toContainText('mp3, m4a or ogg, at most 200 MB');
  await expect(dialog.getByRole('combobox', { name: 'Who can hear it' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('How the coffee for the show is chosen.');
  await dialog.getByRole('textbox', { name: 'Duration (optional)' }).fill('0:30');
  await audioInput(page).setInputFiles(notAudio);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Saved, but the file refused by the API (415), said at the file's field; the dialog now edits it.
  const edit = page.getByRole('dialog', { name: 'Edit bonus episode' });
  await expect(edit.getByTestId('file-audio').getByRole('alert')).toHaveText('This is not an mp3, m4a or ogg file');
  await audioInput(page).setInputFiles({ name: 'beans.mp3', mimeType: 'audio/mpeg', buffer: mp3() });
  await expect(edit.getByTestId('file-audio').getByRole('alert')).toBeHidden();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Bonus episode saved')).toBeVisible();

  const row = page.getByTestId('bonus-episode-row').filter({ hasText: TITLE });
  await expect(row).toContainText('All supporters');
  await expect(row).toContainText(/Published/);
  await expect(row).toContainText(/MP3, \d+ kB/);

  // A second one, scheduled and without audio: listed with the warning, then deleted after the confirm.
  await page.getByRole('button', { name: 'New bonus episode' }).click();
  const second = page.getByRole('dialog', { name: 'New bonus episode' });
  await second.getByRole('textbox', { name: 'Title' }).fill(`Scheduled ${run}`);
  await second.getByLabel('Publish date and time').fill('2099-01-01T09:00');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second).toBeHidden();
  const scheduled = page.getByTestId('bonus-episode-row').filter({ hasText: `Scheduled ${run}` });
  await expect(scheduled).toContainText('Scheduled for');
  await expect(scheduled).toContainText('No audio yet: not in the feed');
  await expect(page.getByTestId('bonus-episode-row').first()).toContainText(`Scheduled ${run}`);
  await expectNoViolations(page);
  await scheduled.getByRole('button', { name: `Delete Scheduled ${run}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “Scheduled ${run}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(scheduled).toHaveCount(0);
  await expect(row).toHaveCount(1);
});

test('a long mp3 (over one 8 MB part) goes up in parts, each a request of its own (decision 099)', async ({
  browser,
}) => {
  const page = await bonusPage(browser, DESKTOP);
  await page.goto(`/backoffice/${DEMO_SLUG}/bonus`);
  const parts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/audio\/uploads\//.test(request.url())) {
      parts.push(request.headers()['content-range'] ?? '');
    }
  });
  const long = Buffer.concat([mp3({ seed: 7 }), Buffer.alloc(9 * 1024 * 1024, 0x55)]);
  await page.getByRole('button', { name: 'New bonus episode' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bonus episode' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Long ${run}`);
  await dialog.getByLabel('Publish date and time').fill('2099-01-01T09:00');
  await audioInput(page).setInputFiles({ name: 'long.mp3', mimeType: 'audio/mpeg', buffer: long });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const row = page.getByTestId('bonus-episode-row').filter({ hasText: `Long ${run}` });
  await expect(row).toContainText(/MP3, 9([.,]\d)? MB/);
  const total = long.length;
  expect(parts).toEqual([`bytes 0-${8 * 1024 * 1024 - 1}/${total}`, `bytes ${8 * 1024 * 1024}-${total - 1}/${total}`]);
  await row.getByRole('button', { name: `Delete Long ${run}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “Long ${run}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toHaveCount(0);
});

test('the Dutch Bonus page on a phone: the list, the edit dialog, nothing wider than the screen', async ({
  browser,
}) => {
  const page = await bonusPage(browser, PHONE, '/nl');
  await page.goto(`/nl/backoffice/${DEMO_SLUG}/bonus`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus' })).toBeVisible();
  const row = page.getByTestId('bonus-episode-row').filter({ hasText: TITLE });
  await expect(row).toContainText('Alle supporters');
  await expect(page.getByTestId('supporter-feed-summary')).toContainText('Privéfeed voor supporters');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoViolations(page);
  await row.getByRole('button', { name: `${TITLE} bewerken` }).click();
  const dialog = page.getByRole('dialog', { name: 'Bonusaflevering bewerken' });
  await expect(dialog.getByRole('textbox', { name: 'Titel' })).toHaveValue(TITLE);
  await expect(dialog).toContainText(/Nu: MP3/);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
});

test('a monthly supporter finds her private feed, scans it, and makes a new address that replaces the old one (English)', async ({
  browser,
  baseURL,
}) => {
  const page = await supporter.newPage(browser, { viewport: DESKTOP });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/account/recurringtips');
  const tip = page.getByTestId('my-recurringtip-row').filter({ hasText: 'De Koffiepod' });
  await tip.getByRole('link', { name: /Manage/ }).click();
  const card = page.getByTestId('supporter-feed');
  await expect(card).toHaveAttribute('data-state', 'open');
  await expect(card.getByRole('heading', { name: 'Your private feed' })).toBeVisible();
  const address = card.getByRole('textbox', { name: 'Your feed address' });
  const url = await address.inputValue();
  expect(url).toMatch(/^https?:\/\/[^/]+\/.*feeds\/[\w.-]+\.xml$/);
  await expectPodcastAppLinks(card, url);
  await card.getByRole('button', { name: 'Copy your feed address' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(await scan(page, 'QR code of your feed address')).toBe(url);
  await expectNoViolations(page);

  // The feed answers at that address (as a podcast app reads it) with the maker's bonus episode.
  const local = (feedUrl: string) => feedUrl.replace(/^https?:\/\/[^/]+/, baseURL ?? '');
  const feed = await page.request.get(local(url));
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(TITLE);

  await card.getByRole('button', { name: 'Make a new address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new feed address?' });
  await expect(confirm).toContainText('The old address stops working in your apps');
  await confirm.getByRole('button', { name: 'Make a new address' }).click();
  await expect(page.getByText('Your new feed address is ready')).toBeVisible();
  await expect(address).not.toHaveValue(url);
  const fresh = await address.inputValue();
  expect((await page.request.get(local(url))).status()).toBe(404);
  expect((await page.request.get(local(fresh))).status()).toBe(200);
});

test('the private feed in Dutch on a phone; a supporter who stopped is asked to renew', async ({ browser }) => {
  const page = await supporter.newPage(browser, { viewport: PHONE });
  await page.goto('/nl/account/recurringtips');
  await page
    .getByTestId('my-recurringtip-row')
    .filter({ hasText: 'De Koffiepod' })
    .getByRole('link', { name: /beheren/i })
    .click();
  const card = page.getByTestId('supporter-feed');
  await expect(card.getByRole('heading', { name: 'Je privéfeed' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Je feedadres kopiëren' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoViolations(page);

  const ended = await stopped.newPage(browser, { viewport: PHONE });
  await ended.goto('/account/recurringtips');
  await ended
    .getByTestId('my-recurringtip-row')
    .filter({ hasText: 'De Koffiepod' })
    .getByRole('link', { name: /Manage/ })
    .click();
  const endedCard = ended.getByTestId('supporter-feed');
  await expect(endedCard).toHaveAttribute('data-state', 'ended');
  await expect(endedCard).toContainText('Your support of De Koffiepod has ended');
  await expect(endedCard.getByRole('link', { name: 'Renew your support' })).toHaveAttribute('href', `/${DEMO_SLUG}`);
  await expectNoViolations(ended);
});
