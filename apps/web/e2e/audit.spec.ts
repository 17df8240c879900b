import type { Browser, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { readOutbox } from './support/outbox';
import { apiAs, DEMO_SLUG, login, tokenOf } from './support/session';
import { expect, test } from './support/test';

/**
 * The audit trail (issue 15, decision 033): a platform admin changes a payment method and finds the
 * change, labelled in English and in Dutch, in /admin/audit (at 1280 px the table fits; at 390 px the
 * entry still opens); a maker invites an admin who accepts, removes them, and reads it in the backoffice's History.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

test('an admin changes a payment method and reads it in the audit trail, in English and Dutch', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await login(admin, 'admin@podpot.local');
  const methods = await apiAs<{ data: { id: string; type: string; priority: number }[] }>(
    admin,
    'GET',
    'paymentmethods',
  );
  const ideal = methods.body.data.find((m) => m.type === 'ideal')!;
  const priority = ideal.priority + 7;
  const changed = await apiAs(admin, 'PUT', `paymentmethods/${ideal.id}`, { data: { priority } });
  expect(changed.status).toBe(200);

  // English: from the admin menu, filtered to the action.
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Action' }).click();
  await admin.getByRole('option', { name: 'Payment method changed' }).click();
  const row = admin.getByTestId('audit-row').filter({ hasText: `Priority: ${ideal.priority} → ${priority}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payment method changed');
  await expect(row).toContainText('Anna');
  expect(await pageScrollsSideways(admin)).toBe(false);
  await expectNoViolations(admin);
  await row.getByRole('button', { name: 'Show the change' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Payment method changed' });
  await expect(dialog).toContainText('IP address');
  await expect(dialog).toContainText(`Priority: ${ideal.priority} → ${priority}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Dutch: the same entry with Dutch labels.
  await admin.goto('/nl/admin/audit');
  await expect(admin.getByRole('heading', { level: 1, name: 'Audittrail' })).toBeVisible();
  const nlRow = admin.getByTestId('audit-row').filter({ hasText: `Prioriteit: ${ideal.priority} → ${priority}` });
  await expect(nlRow).toHaveCount(1);
  await expect(nlRow).toContainText('Betaalmethode gewijzigd');
  await expectNoViolations(admin);

  // On a phone the table still works (its container may scroll, the page may not): a row opens its change.
  await admin.setViewportSize(PHONE);
  await admin.getByTestId('audit-row').filter({ hasText: 'Betaalmethode gewijzigd' }).first().click();
  await expect(admin.getByRole('dialog', { name: 'Betaalmethode gewijzigd' })).toContainText(
    `Prioriteit: ${ideal.priority} → ${priority}`,
  );
  expect(await pageScrollsSideways(admin)).toBe(false);

  await apiAs(admin, 'PUT', `paymentmethods/${ideal.id}`, { data: { priority: ideal.priority } });
  await admin.context().close();
});

test("a maker reads their tip jar's history in the backoffice: an admin invited, joined and removed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const maker = await newPage(browser);
  await login(maker, 'maker@podpot.local', '/nl');
  const jar = await apiAs<{ data: { id: string }[] }>(maker, 'GET', `tipjars?slug=${DEMO_SLUG}&managed=true`);
  const id = jar.body.data[0]!.id;
  // Invited, and accepted by the listener through the mailed link (decision 062).
  expect((await apiAs(maker, 'POST', `tipjars/${id}/admins`, { email: 'listener@podpot.local' })).status).toBe(202);
  let token = '';
  await expect(async () => {
    const mail = readOutbox()
      .filter((m) => m.to === 'listener@podpot.local')
      .pop();
    token = /invitation\?token=([\w-]+)/.exec(mail?.text ?? '')![1]!;
  }).toPass({ timeout: 30_000 });
  const listener = await newPage(browser);
  await login(listener, 'listener@podpot.local');
  expect((await apiAs(listener, 'POST', `invitations/${token}/accept`)).status).toBe(200);
  await listener.context().close();
  const removed = await maker.request.fetch(`/api/v1/tipjars/${id}/admins`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${await tokenOf(maker)}` },
    data: { email: 'listener@podpot.local' },
  });
  expect(removed.status()).toBe(200);

  await maker.goto(`/nl/backoffice/${DEMO_SLUG}`);
  await maker.getByRole('navigation', { name: 'Backofficemenu' }).getByRole('link', { name: 'Geschiedenis' }).click();
  await expect(maker.getByRole('heading', { level: 1, name: 'Geschiedenis' })).toBeVisible();
  const rows = maker.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'Beheerder verwijderd' }).first()).toContainText(
    'Beheerder: was Lotte Luisteraar',
  );
  await expect(rows.filter({ hasText: 'Beheerder toegetreden (uitnodiging aangenomen)' }).first()).toBeVisible();
  expect(await pageScrollsSideways(maker)).toBe(false);
  await expectNoViolations(maker);
  await maker.context().close();
});
