import { expectNoViolations } from './support/axe';
import { expect, test } from './support/test';

/**
 * The tip widget (issue 41, decision 094) on a maker's own website: the demo page /demo/embed.html, a
 * Dutch page with a strict CSP, opened on another origin than the platform's (localhost instead of
 * 127.0.0.1) as a real maker's site would be. The loader turns the maker's link into a tip button without
 * moving it, a click opens the form in an overlay in the page's language, the bank's checkout (the
 * simulator's) opens in a window of its own, and the overlay shows the thank-you once the tip is paid.
 */

const SLUG = 'de-koffiepod';
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

test.describe("the tip widget on a maker's website", () => {
  test.use({ viewport: PHONE });

  test('a listener tips €3 with iDEAL from the Dutch demo page, and the overlay thanks them', {
    tag: '@smoke',
  }, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const foreign = baseURL.replace('127.0.0.1', 'localhost');
    expect(foreign).not.toBe(baseURL);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });

    // The loader held back: the maker's link as the page draws it without script (the no-script fallback).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/embed.js', async (route) => {
      await held;
      await route.continue();
    });
    // Not until 'load': the page's load waits for its async script, which is held.
    await page.goto(`${foreign}/demo/embed.html`, { waitUntil: 'domcontentloaded' });
    const link = page.getByRole('link', { name: 'Geef De Koffiepod een fooi' });
    await expect(link).toHaveAttribute('href', `${baseURL}/nl/${SLUG}`);
    const before = await link.boundingBox();
    release();
    await expect(link).toHaveAttribute('data-podpot-ready', '1');
    // A tip button now, in the same place and size: no layout shift.
    expect(await link.boundingBox()).toEqual(before);
    expect(await link.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(242, 138, 61)');

    await link.click();
    const overlay = page.getByRole('dialog', { name: 'Fooi geven' });
    await expect(overlay).toBeVisible();
    const form = page.frameLocator('iframe[title="Fooi geven"]');
    await expect(form.getByRole('heading', { level: 1, name: 'De Koffiepod' })).toBeVisible();
    await expect(form.getByRole('heading', { level: 2, name: 'Jouw fooi' })).toBeVisible();
    // One-off tips only in the widget: no "every month" choice.
    await expect(form.getByRole('radio', { name: 'Elke maand' })).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Ander bedrag' }).fill('3');
    await form.getByRole('textbox', { name: 'Je naam' }).fill(`Widgetluisteraar ${run}`);
    await form.getByRole('textbox', { name: 'E-mailadres' }).fill(`widget-${run}@example.com`);
    await form.getByTestId('paymentmethod-ideal').getByRole('radio').check();
    const pay = form.getByRole('button', { name: 'AFREKENEN € 3,00' });
    await expect(pay).toBeEnabled();

    // Banks refuse to be framed: the checkout opens in a window of its own.
    const [checkout] = await Promise.all([page.waitForEvent('popup'), pay.click()]);
    await expect(form.getByRole('heading', { name: 'Rond je betaling af' })).toBeVisible();
    await expect(checkout).toHaveURL(/\/sim\/checkout\//);
    await checkout.locator('button[name="outcome"][value="completed"]').click();

    const outcome = form.getByTestId('embed-outcome');
    await expect(outcome).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(outcome.getByRole('heading', { name: 'Dank je wel!' })).toBeVisible();
    await expect(outcome).toContainText('Je fooi van € 3,00 aan De Koffiepod is binnen.');
    // The payment window came back to the platform's thank-you page (the tip's return address); the
    // browser keeps it apart from the frame (Cross-Origin-Opener-Policy), so the listener closes it.
    await expect(checkout).toHaveURL(/\/nl\/thankyou\?tip=.+&slug=de-koffiepod/);
    await checkout.close();

    // "Sluiten" in the frame closes the overlay, and the button has the focus again.
    await outcome.getByRole('button', { name: 'Sluiten' }).click();
    await expect(overlay).toHaveCount(0);
    await expect(link).toBeFocused();
    expect(violations).toEqual([]);
  });

  test('the overlay closes with its close button and with Escape', async ({ page, baseURL }) => {
    await page.goto(`${baseURL.replace('127.0.0.1', 'localhost')}/demo/embed.html`);
    const link = page.getByRole('link', { name: 'Geef De Koffiepod een fooi' });
    await expect(link).toHaveAttribute('data-podpot-ready', '1');
    await link.click();
    const overlay = page.getByRole('dialog', { name: 'Fooi geven' });
    await overlay.getByRole('button', { name: 'Sluiten' }).click();
    await expect(overlay).toHaveCount(0);
    await link.click();
    await expect(overlay).toBeVisible();
    // Escape inside the frame (the focus is there): the form, once it runs, asks the overlay to close.
    await expect(page.frameLocator('iframe[title="Fooi geven"]').getByTestId('paymentmethod-ideal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);
  });

  test('the embed form is accessible on a phone, in Dutch and in English', async ({ page }) => {
    await page.goto(`/nl/${SLUG}/embed`);
    await expect(page.getByRole('heading', { level: 2, name: 'Jouw fooi' })).toBeVisible();
    await expect(page.getByTestId('paymentmethod-ideal')).toBeVisible();
    await expectNoViolations(page);
    await page.goto(`/${SLUG}/embed`);
    await expect(page.getByRole('heading', { level: 2, name: 'Your tip' })).toBeVisible();
    await expect(page.getByTestId('paymentmethod-ideal')).toBeVisible();
    await expectNoViolations(page);
  });
});
