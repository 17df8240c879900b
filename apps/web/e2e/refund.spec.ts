import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { readOutbox } from './support/outbox';
import { login } from './support/session';
import { expect, test } from './support/test';

/**
 * A platform admin refunds part of a tip (issue 11), on a phone-sized screen: the refund dialog with
 * its field error and confirmation, the tipper's mail, and the maker's tips view showing the refund.
 */

const SLUG = 'de-koffiepod';
const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

/** A page in its own browser context (AxeBuilder needs one), phone-sized unless told otherwise. */
async function newPage(browser: Browser, viewport: { width: number; height: number } | null = PHONE) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  return context.newPage();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin refunds part of a tip on a phone; the tipper is mailed and the maker sees it', {
  tag: '@smoke',
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Refund fan ${run}`;
  const email = `refund-fan-${run}@example.com`;

  // A listener tips €10.00.
  const listener = await newPage(browser, null);
  await listener.goto(`/${SLUG}`);
  await listener.getByRole('textbox', { name: 'Other amount' }).fill('10');
  await listener.getByRole('textbox', { name: 'Your name' }).fill(name);
  await listener.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await listener.getByTestId('paymentmethod-ideal').getByRole('radio').check();
  await listener.getByRole('button', { name: 'CHECK OUT €10.00' }).click();
  await expect(listener).toHaveURL(/\/sim\/checkout\//);
  await listener.locator('button[name="outcome"][value="completed"]').click();
  await expect(listener.getByTestId('tip-outcome')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await listener.context().close();

  // The admin, on a phone, refunds €2.50 of it.
  const admin = await newPage(browser);
  await login(admin, 'admin@podpot.local');
  await admin.goto('/admin/tips');
  await admin.getByRole('searchbox', { name: 'Search name or message' }).fill(name);
  const row = admin.getByTestId('tip-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Show tip details' }).click();
  const detail = admin.getByRole('dialog', { name: 'Tip' });
  await detail.getByRole('button', { name: 'Refund' }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund tip' });
  await expect(refund).toContainText('€10.00 of this €10.00 tip can still be refunded');
  await refund.getByRole('radio', { name: 'Part of it' }).check();
  await refund.getByRole('textbox', { name: 'Amount in euros' }).fill('12');
  await refund.getByRole('textbox', { name: 'Reason' }).fill('Tipped twice by mistake');
  await refund.getByRole('button', { name: 'Continue' }).click();
  await expect(refund).toContainText('This is more than is left to refund');
  await expectNoSeriousViolations(admin);
  const box = await refund.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(PHONE.width);
  await refund.getByRole('textbox', { name: 'Amount in euros' }).fill('2.50');
  await refund.getByRole('button', { name: 'Continue' }).click();
  await expect(refund).toContainText('Refund €2.50 of this €10.00 tip?');
  await refund.getByRole('button', { name: 'Refund €2.50' }).click();
  // Done at once, or accepted and paid out a moment later (the simulator's refund mode, decision 070).
  await expect(
    admin.getByText(
      /^(Tip refunded|Refund accepted by the payment provider; the tipper is mailed once it is paid out)$/,
    ),
  ).toBeVisible();
  await expect(detail.getByTestId('tip-refund')).toContainText('Refund: €2.50');
  await expect(detail).toContainText('Tipped twice by mistake');
  await admin.context().close();

  // The tipper's mail says what was refunded and why.
  await expect
    .poll(() => readOutbox().filter((mail) => mail.to.includes(email) && /was refunded/.test(mail.subject)), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  const mail = readOutbox().find((m) => m.to.includes(email) && /was refunded/.test(m.subject))!;
  expect(mail.text).toContain('€2.50');
  expect(mail.text).toContain('Reason: Tipped twice by mistake');

  // The maker, in Dutch on a phone, sees the refund on the tip.
  const maker = await newPage(browser);
  await login(maker, 'maker@podpot.local', '/nl');
  await maker.goto(`/nl/backoffice/${SLUG}/tips`);
  const makerRow = maker.getByTestId('tip-row').filter({ hasText: name });
  await expect(makerRow.getByTestId('tip-refunded')).toContainText('€ 2,50 terugbetaald');
  await expect(makerRow).toContainText('Betaald');
  await makerRow.getByRole('button', { name: 'Details van de fooi tonen' }).click();
  const makerDetail = maker.getByRole('dialog', { name: 'Fooi' });
  await expect(makerDetail.getByTestId('tip-refund')).toContainText('Terugbetaling: € 2,50');
  await expectNoSeriousViolations(maker);
  await maker.context().close();
});
