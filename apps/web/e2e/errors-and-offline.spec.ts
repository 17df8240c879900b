import type { BrowserContext, Locator, Page } from '@playwright/test';
import { apiAs, DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';
import { recordToasts, toasts } from './support/toasts';

/**
 * Failures say what happened (decision 083): a refusal shows the API's reason in the page's language,
 * and offline is one bar, fixed at the bottom of every layout, that nothing covers; what is sent
 * offline is refused with a message that goes once the connection is back.
 */

const PHONE = { width: 390, height: 844 };

/** The offline bar is on screen, and what is drawn at its middle is the bar itself (nothing lies over it). */
async function expectBarUncovered(page: Page, header?: Locator) {
  const bar = page.getByTestId('offline-banner');
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport();
  const box = (await bar.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[data-testid="offline-banner"]')),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(true);
  if (header) {
    const top = (await header.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(top.y + top.height);
  }
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
}

test.describe('a refusal says why, in the page language', () => {
  test('deleting an invoice that is not the latest toasts the reason in English and in Dutch', async ({ page }) => {
    await recordToasts(page);
    await login(page, 'admin@podpot.local');
    const jars = await apiAs<{ data: { id: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}`);
    const lines = [{ description: 'Podpot order', quantity: 1, unitPriceExVat: 1000 }];
    const older = await apiAs<{ id: string; number: string }>(page, 'POST', 'invoices', {
      data: { tipjarId: jars.body.data[0]!.id, lines },
    });
    await apiAs(page, 'POST', 'invoices', { data: { tipjarId: jars.body.data[0]!.id, lines } });

    await page.goto(`/admin/invoices/${older.body.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const en = page.getByRole('alert').filter({ hasText: 'Only the latest invoice number can be deleted' });
    await expect(en).toBeVisible();
    await expect(en).toContainText('void this invoice instead');

    await page.goto(`/nl/admin/invoices/${older.body.id}`);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Alleen het laatste factuurnummer kan worden verwijderd' }),
    ).toBeVisible();
    expect(await toasts(page)).not.toContainEqual(expect.stringMatching(/^Error/));
    // Not deleted.
    expect((await apiAs(page, 'GET', `invoices/${older.body.id}`)).status).toBe(200);
  });
});

test.describe('offline', () => {
  test('backoffice (English, desktop): the bar lies above the top bar, a save says it was not sent', async ({
    page,
    context,
  }) => {
    await login(page, 'maker@podpot.local');
    await page.goto(`/backoffice/${DEMO_SLUG}/settings`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeVisible();
    await goOffline(context, page);
    await expectBarUncovered(page, page.locator('header').first());
    await expect(page.getByTestId('offline-banner')).toHaveText(
      'You are offline. Nothing can be sent or saved until the connection is back.',
    );
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'You are offline: nothing was sent.' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
  });

  test('admin (Dutch, phone): the bar is not covered by the top bar or the menu', async ({ page, context }) => {
    await page.setViewportSize(PHONE);
    await login(page, 'admin@podpot.local', '/nl');
    await page.goto('/nl/admin/tipjars');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await goOffline(context, page);
    await expect(page.getByTestId('offline-banner')).toHaveText(
      'Je bent offline. Er kan niets worden verstuurd of opgeslagen tot de verbinding terug is.',
    );
    await expectBarUncovered(page, page.locator('header').first());
    // The phone's menu (a modal drawer) does not cover it either.
    await page.getByRole('button', { name: 'Menu openen of sluiten' }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expectBarUncovered(page);
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
  });

  for (const { name, locale, phone, pay, offline } of [
    {
      name: 'English, desktop',
      locale: '',
      phone: false,
      pay: 'CHECK OUT €5.00',
      offline: 'You are offline: nothing was sent.',
    },
    {
      name: 'Dutch, phone',
      locale: '/nl',
      phone: true,
      pay: 'AFREKENEN € 5,00',
      offline: 'Je bent offline: er is niets verstuurd.',
    },
  ]) {
    test(`the tip page (${name}): the bar shows, paying offline says so, after reconnecting the error goes and paying works`, async ({
      page,
      context,
    }) => {
      if (phone) await page.setViewportSize(PHONE);
      await page.goto(`${locale}/${DEMO_SLUG}`);
      const five = page.getByRole('button', { name: locale ? '€ 5,00' : '€5.00', exact: true });
      // Until the page is hydrated a tap is lost: tap until the amount is chosen.
      await expect(async () => {
        await five.click();
        await expect(five).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
      }).toPass();
      await page.getByRole('textbox', { name: locale ? 'Je naam' : 'Your name' }).fill('Offline Olga');
      await page.getByRole('textbox', { name: locale ? 'E-mailadres' : 'E-mail address' }).fill('offline@example.com');
      await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();

      await goOffline(context, page);
      await expectBarUncovered(page, page.locator('header.sf-bar'));
      await page.getByRole('button', { name: pay }).click();
      const error = page.getByText(offline);
      await expect(error).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByTestId('offline-banner')).toBeHidden();
      await expect(error).toBeHidden();
      await page.getByRole('button', { name: pay }).click();
      await expect(page).toHaveURL(/\/sim\/checkout\//);
    });
  }
});
