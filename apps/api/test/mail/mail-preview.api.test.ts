import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SAMPLES } from '../../src/mail/samples.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** /dev/mails (decision 035): every template in both languages while developing; nothing in production. */
let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  [dev, production] = await Promise.all([createTestApp(), createTestApp(PRODUCTION_ENV)]);
});
afterAll(async () => {
  await Promise.all([dev.close(), production.close()]);
});

describe('/dev/mails', () => {
  it('lists every template in English and Dutch, each as HTML and as text', async () => {
    const index = await (await fetch(`${dev.baseUrl}/dev/mails`)).text();
    for (const sample of MAIL_SAMPLES) {
      for (const locale of ['en', 'nl']) {
        expect(index).toContain(`href="/dev/mails/${sample.name}/${locale}"`);
        expect(index).toContain(`href="/dev/mails/${sample.name}/${locale}/text"`);
      }
    }
    const html = await fetch(`${dev.baseUrl}/dev/mails/tip-receipt/nl`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain('tip-5f1c2a4e');
    const text = await fetch(`${dev.baseUrl}/dev/mails/invoice/en/text`);
    expect(await text.text()).toMatch(/^Subject: Invoice PP-2026-0042/);
    expect((await fetch(`${dev.baseUrl}/dev/mails/nothing/en`)).status).toBe(404);
  });

  it('does not exist in production', async () => {
    // Without a web build the answer is the API's 404; with one, the web app's page for an unknown
    // address. Never a mail.
    for (const path of ['/dev/mails', '/dev/mails/tip-receipt/en', '/dev/mails/tip-receipt/en/text']) {
      const res = await fetch(`${production.baseUrl}${path}`);
      const body = await res.text();
      expect(body, path).not.toContain('tip-5f1c2a4e');
      // No preview index either (a 404's message may echo the address asked for; a link would not).
      expect(body, path).not.toContain('href="/dev/mails/');
      expect(res.status === 404 || res.headers.get('content-type')?.startsWith('text/html'), path).toBe(true);
    }
  });
});
