import { expectNoViolations } from './support/axe';
import { loginNl } from './support/session';
import { expect, test } from './support/test';

/** The side menus at phone, tablet and desktop widths (issue 13, bugs 2 and 3): every entry can be used. */

const WIDTHS = [390, 800, 1280];

for (const width of WIDTHS) {
  test(`the public menu's first entry "Fooi geven" can be clicked at ${width} px`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await page.goto('/nl/faq');
    await page.getByRole('button', { name: 'Menu openen of sluiten' }).click();
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Fooi geven' })).toBeVisible();
    await expectNoViolations(page);
    // A short timeout: under the top bar the click never lands, it would only wait.
    await menu.getByRole('link', { name: 'Fooi geven' }).click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/nl\/?$/);
    await page.context().close();
  });
}

for (const width of [390, 800]) {
  test(`below 960 px (${width} px) an admin switches backoffice with the selector`, async ({ browser }) => {
    test.setTimeout(120_000); // a login with its second step and axe, on a loaded machine
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await loginNl(page, 'admin@podpot.local');
    await page.goto('/nl/backoffice/de-koffiepod');
    await page.getByRole('button', { name: 'Menu openen of sluiten' }).click();
    await expect(page.getByRole('combobox', { name: 'Selecteer backoffice' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('combobox', { name: 'Selecteer backoffice' }).click({ timeout: 5_000 });
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/nl\/admin\/?$/);
    await page.context().close();
  });
}
