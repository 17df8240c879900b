import type { Page } from '@playwright/test';
import { expectPodcastAppLinks, mp3, PODCAST_APP_NAMES } from './support/audio';
import { expectNoViolations } from './support/axe';
import { readOutbox } from './support/outbox';
import { DEMO_SLUG, loginNl, tokenOf } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 40's journey: the maker has two levels ("Producer" unlocks the private feed) and two bonus
 * episodes; a listener in Dutch on a phone picks "Producer", registers on the form, pays with iDEAL in
 * the simulator, finds the private feed on the thank-you page with the podcast apps' links; the feed,
 * fetched as a podcast app would, lists both bonus episodes and their audio answers a Range request.
 * The listener opens the manage link in the mail without logging in: the private feed's card is there
 * with the same address, and a new address made there replaces the old one (which answers 404 at once).
 * Stopping the monthly tip from that link: the feed URL now answers the one "your support has ended"
 * item, and the audio is gone. The demo tip jar is shared with other
 * specs of the worker: its levels and bonus episodes are removed again at the end.
 */

const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const EPISODES = [`Achter de bonen ${run}`, `Vragenuur ${run}`];

/** The maker's API calls (the demo maker's session), for the set-up and the clean-up. */
async function makerApi(page: Page, method: string, path: string, data?: unknown, contentType?: string) {
  const res = await page.request.fetch(`/api/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenOf(page)}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : undefined };
}

test('a Dutch listener on a phone picks "Producer", gets the private feed, and loses it when stopping the tip', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // The maker: two levels, two bonus episodes with audio.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await loginNl(maker, 'maker@podpot.local');
  const managed = await makerApi(maker, 'GET', `tipjars?slug=${DEMO_SLUG}&managed=true`);
  const tipjarId: string = managed.body.data[0].id;
  const levels = await makerApi(maker, 'PUT', `tipjars/${tipjarId}/levels`, {
    data: [
      { amount: 300, name: 'Vaste luisteraar', perk: 'naam in de shownotes' },
      { amount: 1000, name: 'Producer', perk: 'bonusfeed + maandelijkse Q&A', unlocksFeed: true },
    ],
  });
  expect(levels.status).toBe(200);
  const audio = EPISODES.map((_, i) => mp3({ frames: 24, seed: i + 1 }));
  const bonusIds: string[] = [];
  try {
    for (const [i, title] of EPISODES.entries()) {
      const created = await makerApi(maker, 'POST', `tipjars/${tipjarId}/bonus-episodes`, {
        data: { title, description: `Bonus ${i + 1} voor de producers`, duration: 30 },
      });
      expect(created.status).toBe(201);
      bonusIds.push(created.body.id);
      const upload = await makerApi(
        maker,
        'PUT',
        `tipjars/${tipjarId}/bonus-episodes/${created.body.id}/audio`,
        audio[i],
        'audio/mpeg',
      );
      expect(upload.status).toBe(200);
    }

    // The listener, in Dutch on a phone: "Elke maand", then the "Producer" level.
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`/nl/${DEMO_SLUG}`);
    await expect(page.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
    await page.getByRole('radio', { name: 'Elke maand' }).check();
    const cards = page.getByTestId('levels');
    // The storefront's public answer lives a few seconds: reloaded until the new levels show.
    await expect(async () => {
      if ((await cards.count()) === 0) {
        await page.reload();
        await page.getByRole('radio', { name: 'Elke maand' }).check();
      }
      await expect(cards.getByRole('button')).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(cards).toContainText('bonusfeed + maandelijkse Q&A');
    await expect(async () => {
      await cards.getByRole('button', { name: /Producer/ }).click();
      await expect(page.getByTestId('level-reached')).toHaveText('Met dit bedrag word je Producer.', { timeout: 1000 });
    }).toPass();
    await expect(page.getByTestId('monthly-summary')).toContainText('€ 10,00 per maand');
    await page.getByRole('textbox', { name: 'Je naam' }).fill('Pien');
    await shot(page, '1-storefront-levels-nl-390');
    await expectNoViolations(page);

    // No account yet: registered on the form itself.
    const email = `producer-${run}@example.com`;
    await page.getByRole('tab', { name: 'Account aanmaken' }).click();
    const register = page.getByRole('form', { name: 'Account aanmaken' });
    await register.getByRole('textbox', { name: 'Voornaam' }).fill('Pien');
    await register.getByRole('textbox', { name: 'Achternaam' }).fill('Producer');
    await register.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
    await register.getByRole('textbox', { name: 'Wachtwoord' }).fill('koffie-bonen-feed-42');
    await register.getByRole('button', { name: 'Account aanmaken en verder' }).click();
    await expect(page.getByTestId('monthly-account')).toContainText(email);
    await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    await page.getByRole('button', { name: 'AFREKENEN € 10,00' }).click();
    await expect(page).toHaveURL(/\/sim\/checkout\//);
    await page.locator('button[name="outcome"][value="completed"]').click();

    // The thank-you page: the private feed, with the podcast apps' links.
    await expect(page).toHaveURL(/\/thankyou\?recurringtip=/);
    await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    const card = page.getByTestId('supporter-feed');
    const address = card.getByTestId('supporter-feed-url');
    await expect(address).toHaveValue(/\/feeds\/[\w.-]+\.xml$/, { timeout: 30_000 });
    let url = await address.inputValue();
    await expectPodcastAppLinks(card, url);
    await shot(page, '2-thank-you-private-feed-nl-390');
    await expectNoViolations(page);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);

    // The feed, fetched as a podcast app does: both bonus episodes, audio by Range.
    const local = (absolute: string) => absolute.replace(/^https?:\/\/[^/]+/, baseURL ?? '');
    const app = { 'user-agent': 'AntennaPod/3.5.0' };
    const feed = await page.request.get(local(url), { headers: app });
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('xml');
    const xml = await feed.text();
    expect(xml).toContain('<itunes:block>Yes</itunes:block>');
    expect(xml).toMatch(/<podcast:locked[^>]*>yes<\/podcast:locked>/);
    for (const title of EPISODES) expect(xml).toContain(title);
    // This test's two episodes (a spec before it in the same worker may have left bonus episodes of its own).
    const enclosuresOf = (text: string) =>
      [...text.matchAll(/<enclosure url="([^"]+)"/g)]
        .map((m) => m[1]!.replaceAll('&amp;', '&'))
        .filter((u) => bonusIds.some((id) => u.includes(id)));
    let enclosures = enclosuresOf(xml);
    expect(enclosures).toHaveLength(2);
    for (const enclosure of enclosures) {
      const part = await page.request.get(local(enclosure), { headers: { ...app, range: 'bytes=0-99' } });
      expect(part.status()).toBe(206);
      expect(part.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      const body = await part.body();
      expect(body).toHaveLength(100);
      expect(audio.some((file) => file.subarray(0, 100).equals(body))).toBe(true);
    }

    // The welcome mail carries the feed and the manage link; stopping from that link (no login).
    let manage = '';
    await expect
      .poll(
        () => {
          const mail = readOutbox().find((m) => m.to.includes(email) && m.text.includes('/feeds/'));
          manage =
            /https?:\/\/\S+\/account\/recurringtips\/[0-9a-f-]{36}\?token=[\w.-]+/.exec(mail?.text ?? '')?.[0] ?? '';
          return manage;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    const guestContext = await browser.newContext({ viewport: PHONE, locale: 'nl-NL' });
    const guest = await guestContext.newPage();
    await guest.goto(local(manage).replace(`${baseURL}/account`, `${baseURL}/nl/account`));
    await expect(guest.getByTestId('recurringtip-status')).toHaveAttribute('data-status', 'active');

    // The manage link shows the private feed too, as a login would: the same address, the apps, the QR code.
    const guestCard = guest.getByTestId('supporter-feed');
    await expect(guestCard.getByRole('heading', { name: 'Je privéfeed' })).toBeVisible();
    await expect(guestCard.getByTestId('supporter-feed-url')).toHaveValue(url);
    for (const name of Object.values(PODCAST_APP_NAMES))
      await expect(guestCard.getByRole('link', { name })).toBeVisible();
    await expect(guestCard.getByRole('img', { name: 'QR-code van je feedadres' })).toBeVisible();
    expect((await page.request.get(local(url), { headers: app })).status()).toBe(200);
    await shot(guest, '3-manage-link-private-feed-nl-390');
    await expectNoViolations(guest);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // A new address from the link (no login): the old one stops at once, the new one is the feed.
    await guestCard.getByRole('button', { name: 'Nieuw adres maken' }).click();
    await guest
      .getByRole('dialog', { name: 'Een nieuw feedadres maken?' })
      .getByRole('button', { name: 'Nieuw adres maken' })
      .click();
    await expect(guestCard.getByTestId('supporter-feed-url')).not.toHaveValue(url);
    const renewed = await guestCard.getByTestId('supporter-feed-url').inputValue();
    expect(renewed).toMatch(/\/feeds\/[\w.-]+\.xml$/);
    expect((await page.request.get(local(url), { headers: app })).status()).toBe(404);
    const renewedFeed = await page.request.get(local(renewed), { headers: app });
    expect(renewedFeed.status()).toBe(200);
    const renewedXml = await renewedFeed.text();
    for (const title of EPISODES) expect(renewedXml).toContain(title);
    url = renewed;
    enclosures = enclosuresOf(renewedXml);
    expect(enclosures).toHaveLength(2);

    await guest.getByRole('button', { name: 'Maandelijkse fooi opzeggen' }).click();
    await guest
      .getByRole('dialog', { name: 'Je maandelijkse fooi aan De Koffiepod stoppen?' })
      .getByRole('button', { name: 'Ja, stop mijn maandelijkse fooi' })
      .click();
    await expect(guest.getByTestId('recurringtip-status')).toHaveAttribute('data-status', 'cancelled');
    await shot(guest, '4-manage-link-stopped-nl-390');

    // The (renewed) feed URL: one "support has ended" item, no audio.
    const ended = await page.request.get(local(url), { headers: app });
    expect(ended.status()).toBe(200);
    const endedXml = await ended.text();
    expect([...endedXml.matchAll(/<item>/g)]).toHaveLength(1);
    expect(endedXml).toContain('Je steun is gestopt — verleng hier');
    for (const title of EPISODES) expect(endedXml).not.toContain(title);
    for (const enclosure of enclosures) {
      expect(
        (await page.request.get(local(enclosure), { headers: { range: 'bytes=0-99' } })).status(),
      ).toBeGreaterThanOrEqual(404);
    }
    await guestContext.close();
    await context.close();
  } finally {
    for (const id of bonusIds) await makerApi(maker, 'DELETE', `tipjars/${tipjarId}/bonus-episodes/${id}`);
    await makerApi(maker, 'PUT', `tipjars/${tipjarId}/levels`, { data: [] });
    await makerContext.close();
  }
});
