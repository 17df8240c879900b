import type { Page } from '@playwright/test';
import { STOREFRONT_DATA_ELEMENT_ID } from '@podpot/domain/routes';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, loginNl } from './support/session';
import { expect, test } from './support/test';

/**
 * The monthly goal and the supporter wall (decision 032) on a phone (390 px): a listener tips the demo
 * tip jar (goal €250.00 a month), then sees their tip on the wall, as their privacy choice allows, and the
 * goal's progress grow. A message shows only once the maker switches it on in the backoffice.
 */
const run = Date.now().toString(36);

test.use({ viewport: { width: 390, height: 844 } });

/** This month's progress as the page's data carries it (cents). */
async function progressOf(page: Page): Promise<number> {
  const data = JSON.parse((await page.locator(`#${STOREFRONT_DATA_ELEMENT_ID}`).textContent()) ?? 'null');
  return data.goalProgress.current as number;
}

/** Tips €5 with iDEAL and pays it on the simulator's checkout; back on the thank-you page, paid. */
async function tipFive(page: Page, fill: { name?: string; message: string; email: string; anonymous?: string }) {
  await page.getByRole('button', { name: /^€\s?5[.,]00$/ }).click();
  if (fill.anonymous) await page.getByRole('radio', { name: fill.anonymous }).check();
  if (fill.name) await page.getByRole('textbox', { name: /Your name|Je naam/ }).fill(fill.name);
  await page.getByRole('textbox', { name: /Message to the maker|Bericht aan de maker/ }).fill(fill.message);
  await page.getByRole('textbox', { name: /E-mail address|E-mailadres/ }).fill(fill.email);
  await page.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await page.getByRole('button', { name: /^(CHECK OUT|AFREKENEN) €\s?5[.,]00$/ }).click();
  await expect(page).toHaveURL(/\/sim\/checkout\//);
  await page.locator('button[name="outcome"][value="completed"]').click();
  await expect(page.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
}

/** The storefront's wall, reloaded until its newest supporter is `newest` (the public answer lives a few seconds). */
async function wallShows(page: Page, url: string, title: string, newest: RegExp) {
  await expect(async () => {
    await page.goto(url);
    const first = page.getByRole('region', { name: title }).getByRole('listitem').first();
    await expect(first).toHaveText(newest, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('the supporter wall and the monthly goal', () => {
  test('in English: a named tip shows with its amount, without its message, and the goal grows', async ({ page }) => {
    test.setTimeout(120_000);
    const name = `Wall fan ${run}`;
    await page.goto(`/${DEMO_SLUG}`);
    const bar = page.getByRole('progressbar', { name: /Goal for .+ €250\.00 a month/ });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent supporters' })).toBeVisible();
    await expectNoViolations(page);
    const before = await progressOf(page);

    await tipFive(page, { name, message: `Secret note ${run}`, email: `wall-${run}@example.com` });

    await wallShows(page, `/${DEMO_SLUG}`, 'Recent supporters', new RegExp(`^${name}€5\\.00(now|1 minute ago)$`));
    const after = await progressOf(page);
    expect(after).toBeGreaterThanOrEqual(before + 500);
    const shown = `€${(after / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })} of €250.00 this month`;
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuetext', new RegExp(`^${shown} \\(`));
    await expect(page.getByText(`Secret note ${run}`)).toHaveCount(0);
    await expectNoViolations(page);
  });

  test('in Dutch: an anonymous tip shows no name and no amount; its message once the maker shows it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const message = `Anonieme groet ${run}`;
    await page.goto(`/nl/${DEMO_SLUG}`);
    await expect(page.getByRole('progressbar', { name: /Doel voor .+ € 250,00 per maand/ })).toBeVisible();
    const before = await progressOf(page);

    await tipFive(page, {
      anonymous: 'Niets: anoniem geven',
      message,
      email: `anoniem-${run}@example.com`,
    });
    await wallShows(page, `/nl/${DEMO_SLUG}`, 'Recente supporters', /^Anoniem(nu|1 minuut geleden)$/);
    expect(await progressOf(page)).toBeGreaterThanOrEqual(before + 500);
    await expect(page.getByText(message)).toHaveCount(0);

    // The maker shows the message: from the tip's details in the backoffice (the list's column is for wide screens).
    await loginNl(page, 'maker@podpot.local');
    await page.goto(`/nl/backoffice/${DEMO_SLUG}/tips`);
    await page.getByRole('searchbox', { name: 'Zoek op naam of bericht' }).fill(run);
    const row = page.getByTestId('tip-row').filter({ hasText: 'Anoniem' });
    await expect(row).toHaveCount(1);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Fooi' });
    const toggle = dialog.getByRole('switch', { name: 'Toon dit bericht op je pagina' });
    await expect(toggle).not.toBeChecked();
    // Checked once the API answered and the list was read again (the switch shows what is stored).
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expectNoViolations(page);

    // At once: the maker's choice drops the cached answer.
    await page.goto(`/nl/${DEMO_SLUG}`);
    const first = page.getByRole('region', { name: 'Recente supporters' }).getByRole('listitem').first();
    await expect(first).toHaveText(new RegExp(`^Anoniem(nu|1 minuut geleden)${message}$`));
    await expectNoViolations(page);
  });
});
