import { expectNoViolations } from './support/axe';
import { loginNl } from './support/session';
import { expect, test } from './support/test';
import { recordToasts, toasts } from './support/toasts';

/**
 * What the app tells after an action or a failed call: one message per
 * outcome — no error toast next to a form's own message, none for a retry or a deleted row's refetch —
 * and dialogs that open without a focus ring around the whole dialog.
 */

const run = Date.now().toString(36);

test('a wrong password shows only the form message, no toast', async ({ page }) => {
  await recordToasts(page);
  await page.goto('/nl/login');
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill('maker@podpot.local');
  await page.locator('input[name=password]').fill('niet het wachtwoord');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Het e-mailadres of wachtwoord is onjuist.')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await toasts(page)).toEqual([]);
  await expectNoViolations(page);
});

test('a list call that keeps failing shows one error toast and the table only its error', async ({ page }) => {
  await recordToasts(page);
  await loginNl(page, 'admin@podpot.local');
  await page.route(
    (url) => url.pathname === '/api/v1/users',
    (route) => route.fulfill({ status: 503, json: { code: 'INTERNAL', message: 'Unavailable' } }),
  );
  await page.goto('/nl/admin/users');
  await expect(page.getByText('De lijst kon niet worden geladen.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Niets gevonden')).toHaveCount(0);
  // Toasts queue for 3 s each: a second one (from a retry) would be on screen by now.
  await page.waitForTimeout(4_000);
  expect(await toasts(page)).toEqual(['Error']);
  await expectNoViolations(page);
});

test('deleting a user from its page shows only the success toast', async ({ page }) => {
  const email = `weg-${run}@example.com`;
  const registered = await page.request.post('/api/v1/users/register', {
    data: { data: { email, password: `Een-sterk-wachtwoord-${run}!`, firstName: 'Weg', lastName: 'Gebruiker' } },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token } = await registered.json();
  const me = await page.request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
  const { id } = await me.json();

  await recordToasts(page);
  await loginNl(page, 'admin@podpot.local');
  await page.goto(`/nl/admin/users/${id}`);
  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page).toHaveURL(/\/nl\/admin\/users$/);
  await expect(page.getByText('Gebruiker verwijderd')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await toasts(page)).toEqual(['Gebruiker verwijderd']);
  await expectNoViolations(page);
});

test('a dialog opened from the keyboard has no focus ring around the whole dialog', async ({ page }) => {
  await loginNl(page, 'maker@podpot.local');
  await page.goto('/nl/backoffice/de-koffiepod/tips');
  await page.getByRole('button', { name: 'Details van de fooi tonen' }).first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Fooi' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog (keyboard users start there) …
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  // … but neither the dialog nor its backdrop container draws a ring.
  const outlines = await dialog.evaluate((element) =>
    [element, element.parentElement].map((node) => (node ? getComputedStyle(node).outlineStyle : 'none')),
  );
  expect(outlines).toEqual(['none', 'none']);
  await expectNoViolations(page);
});
