import type { Page } from '@playwright/test';
import { findEnglish } from './support/english-probe';
import { loadingBars } from './support/loading';
import { apiAs, DEMO_SLUG, login } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 13, bug 6: every page in Dutch reads Dutch — no English text or labels, no US dates, no raw
 * enum values. Walks the public pages, every admin page and the demo tip jar's backoffice as the
 * platform admin, each detail page with a real row (a tip jar with an order, an invoice with lines).
 */

interface Listed {
  data: { id: string }[];
}

/** The month before this one, 'YYYY-MM': finished, and the demo data has tips in it. */
function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function expectDutch(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(loadingBars(page)).toHaveCount(0);
  expect(await findEnglish(page), `English on ${path}`).toEqual([]);
}

test('every page in Dutch is Dutch: text, labels, dates and statuses', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'admin@podpot.local', '/nl');

  const jars = await apiAs<Listed & { data: { id: string; slug: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}`);
  const jar = jars.body.data[0]!;
  // A platform-fee invoice of last month for the demo tip jar: its lines are written by the API.
  const created = await apiAs<{ id: string }>(page, 'POST', `tipjars/${jar.id}/invoices`, {
    data: { period: lastMonth() },
  });
  expect([200, 201, 409]).toContain(created.status);
  const invoices = await apiAs<Listed>(page, 'GET', `invoices?tipjarId=${jar.id}`);
  const invoice = invoices.body.data[0]!;
  const users = await apiAs<Listed>(page, 'GET', 'users');
  const methods = await apiAs<Listed>(page, 'GET', 'paymentmethods');
  const faq = await apiAs<Listed>(page, 'GET', 'faqitems');

  const pages = [
    '/nl',
    '/nl/about',
    '/nl/faq',
    '/nl/privacy',
    '/nl/support',
    '/nl/termsofuse',
    '/nl/podcastmaker',
    '/nl/order',
    '/nl/account',
    '/nl/account/recurringtips',
    `/nl/${DEMO_SLUG}`,
    '/nl/admin',
    '/nl/admin/tipjars',
    `/nl/admin/tipjars/${jar.id}`,
    '/nl/admin/tips',
    '/nl/admin/recurringtips',
    '/nl/admin/invoices',
    `/nl/admin/invoices/${invoice.id}`,
    '/nl/admin/settlements',
    '/nl/admin/money',
    '/nl/admin/paymentmethods',
    `/nl/admin/paymentmethods/${methods.body.data[0]!.id}`,
    '/nl/admin/users',
    `/nl/admin/users/${users.body.data[0]!.id}`,
    '/nl/admin/faqitems',
    `/nl/admin/faqitems/${faq.body.data[0]!.id}`,
    `/nl/backoffice/${DEMO_SLUG}`,
    `/nl/backoffice/${DEMO_SLUG}/tips`,
    `/nl/backoffice/${DEMO_SLUG}/recurringtips`,
    `/nl/backoffice/${DEMO_SLUG}/registration`,
    `/nl/backoffice/${DEMO_SLUG}/invoices`,
    `/nl/backoffice/${DEMO_SLUG}/invoices/${invoice.id}`,
    `/nl/backoffice/${DEMO_SLUG}/settlements`,
    `/nl/backoffice/${DEMO_SLUG}/settings`,
  ];
  const findings: Record<string, unknown> = {};
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(loadingBars(page)).toHaveCount(0, { timeout: 15_000 });
    const english = await findEnglish(page);
    if (english.length > 0) findings[path] = english;
  }
  expect(findings).toEqual({});
});

test('the admin tip jar page names an order and its payment in Dutch', async ({ page }) => {
  await login(page, 'admin@podpot.local', '/nl');
  const jars = await apiAs<{ data: { id: string }[] }>(page, 'GET', `tipjars?slug=${DEMO_SLUG}`);
  await expectDutch(page, `/nl/admin/tipjars/${jars.body.data[0]!.id}`);
  const orders = page.getByRole('table', { name: 'Bestellingen' });
  await expect(orders).toContainText('Podpot');
  await expect(orders).not.toContainText('TIPJAR');
});
