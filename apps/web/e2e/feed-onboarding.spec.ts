import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { startFeedHost } from './support/feed-host';
import { readOutbox } from './support/outbox';
import { login } from './support/session';
import { expect, test } from './support/test';

/**
 * Onboarding from a podcast's feed (issue 14, decision 030), in English and Dutch: paste the feed on the
 * order form → the form is prefilled (name, text, a free address, our copy of the artwork) → order →
 * pay in the simulator → verify ownership with the code from the mail outbox → the storefront shows
 * the "verified podcast" mark and our stored artwork. The feeds come from a podcast host of this test
 * on 127.0.0.1 (the e2e server allows loopback fetches, as every non-production process does).
 */

const run = Date.now().toString(36);
let host: Awaited<ReturnType<typeof startFeedHost>>;
let base = '';

function feed(title: string, owner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title><![CDATA[${title}]]></title><link>https://example.test/</link>
<description><![CDATA[<p>A podcast about <b>trains</b> &amp; travel.</p>]]></description>
<itunes:owner><itunes:email>${owner}</itunes:email></itunes:owner>
<itunes:image href="${base}/art.png"/>
<podcast:locked owner="${owner}">yes</podcast:locked>
<item><title>Episode 1</title><guid>e1</guid></item></channel></rss>`;
}

test.beforeAll(async () => {
  host = await startFeedHost((lang) => feed(`Train Talk ${lang} ${run}`, `owner-${lang}-${run}@example.test`));
  base = host.base;
});
test.afterAll(() => host.close());

const TEXT = {
  en: {
    prefix: '',
    feed: 'Podcast feed (RSS)',
    fetch: 'Fetch',
    name: 'Name of your Podpot',
    slug: 'Web address',
    description: 'Short description',
    email: 'Contact e-mail address',
    phone: 'Mobile number',
    pay: 'CHECK OUT €15.00',
    welcome: 'Whoop whoop, your own Podpot!',
    close: 'Close',
    verify: 'Verify ownership',
    code: 'Code from the e-mail',
    confirm: 'Confirm',
    verified: 'Verified podcast',
  },
  nl: {
    prefix: '/nl',
    feed: 'Podcastfeed (RSS)',
    fetch: 'Ophalen',
    name: 'Naam van je Podpot',
    slug: 'Webadres',
    description: 'Korte omschrijving',
    email: 'Contact e-mailadres',
    phone: 'Mobiel nummer',
    pay: 'AFREKENEN € 15,00',
    welcome: 'Whoop whoop, je eigen Podpot!',
    close: 'Sluiten',
    verify: 'Eigendom bevestigen',
    code: 'Code uit de e-mail',
    confirm: 'Bevestigen',
    verified: 'Geverifieerde podcast',
  },
} as const;

async function codeFor(owner: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox()).filter((m) => m.to === owner).at(-1);
        text = mail?.text ?? '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(text)![1]!;
}

async function journey(page: Page, lang: 'en' | 'nl') {
  const t = TEXT[lang];
  const title = `Train Talk ${lang} ${run}`;
  const owner = `owner-${lang}-${run}@example.test`;
  await login(page, 'maker@podpot.local', t.prefix);

  // 1. Paste the feed, Fetch: the form is filled from it.
  await page.goto(`${t.prefix}/podcastmaker#order`);
  await page.getByRole('textbox', { name: t.feed }).fill(`${base}/${lang}.xml`);
  await page.getByRole('button', { name: t.fetch, exact: true }).click();
  await expect(page.getByRole('textbox', { name: t.name })).toHaveValue(title);
  const slug = `train-talk-${lang}-${run}`;
  await expect(page.getByRole('textbox', { name: t.slug })).toHaveValue(slug);
  await expect(page.getByRole('textbox', { name: t.description })).toHaveValue('A podcast about trains & travel.');
  // Our stored copy of the artwork, never the feed host's address.
  await expect(page.getByTestId('feed-artwork').locator('img')).toHaveAttribute('src', /^\/api\/v1\/artworks\//);
  await expectNoViolations(page);

  // 2. Order and pay in the simulator.
  await page.getByRole('textbox', { name: t.email }).fill('maker@podpot.local');
  await page.getByRole('textbox', { name: t.phone }).fill('06 12345678');
  const pay = page.getByRole('button', { name: t.pay });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator('button[name="outcome"][value="completed"]').click();
  const welcome = page.getByRole('dialog', { name: t.welcome });
  await expect(welcome).toBeVisible({ timeout: 30_000 });
  await welcome.getByRole('button', { name: t.close }).click();
  await expect(page.getByTestId('tipjar-status').first()).toHaveAttribute('data-status', 'LIVE', { timeout: 30_000 });

  // 3. Verify ownership with the code mailed to the feed's owner address.
  await page.goto(`${t.prefix}/backoffice/${slug}/settings`);
  await page.getByRole('button', { name: t.verify }).click();
  const code = await codeFor(owner);
  await page.getByRole('textbox', { name: t.code }).fill(code);
  await page.getByRole('button', { name: t.confirm, exact: true }).click();
  await expect(page.getByTestId('feed-verified')).toBeVisible();

  // 4. The storefront shows the mark and our artwork.
  await page.goto(`${t.prefix}/${slug}`);
  await expect(page.getByTestId('verified-podcast')).toHaveText(t.verified);
  await expect(page.locator('img.sf-avatar')).toHaveAttribute('src', /^\/api\/v1\/artworks\//);
}

test.describe('onboarding from a podcast feed', () => {
  test('English: feed → prefilled order → pay → verify → verified storefront', async ({ page }) => {
    test.setTimeout(180_000);
    await journey(page, 'en');
  });

  test('Dutch: feed → prefilled order → pay → verify → verified storefront', async ({ page }) => {
    test.setTimeout(180_000);
    await journey(page, 'nl');
  });
});
