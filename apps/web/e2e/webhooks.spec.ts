import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoViolations } from './support/axe';
import { DEMO_SLUG, signedInOnce } from './support/session';
import { expect, test } from './support/test';

/**
 * Issue 41 part 2, signed webhooks (decision 095): on a phone, the demo maker adds a webhook pointing
 * at a receiver this test starts on loopback, sees its secret once, sends a test event and finds it
 * delivered in the log, sends it again, and deletes the webhook behind a confirmation — axe-clean.
 */

const PHONE = { width: 390, height: 844 };
const maker = signedInOnce('maker@podpot.local');

test('the maker adds a webhook, sees its secret once, sends a test event and deletes it (phone)', async ({
  browser,
}) => {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const page = await maker.newPage(browser, { viewport: PHONE });
  try {
    await page.goto(`/backoffice/${DEMO_SLUG}/webhooks`);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
    await expectNoViolations(page);

    // A bad address is refused with the field's reason.
    await page.getByRole('textbox', { name: 'Address (URL)' }).fill('ftp://example.test/x');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Enter an http or https address without a user name or password.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Address (URL)' }).fill(url);
    await page.getByRole('checkbox', { name: /tip\.refunded/ }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(secret).toHaveValue(/^whsec_/);
    await expectNoViolations(page);

    await page.getByRole('button', { name: new RegExp(url.replace(/[.:/]/g, '\\$&')) }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    // The worker posts it within its round (every 5 s in this server).
    await expect(page.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    expect(received.some((body) => JSON.parse(body).type === 'ping')).toBe(true);
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this webhook?' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await page.close();
    server.close();
  }
});
