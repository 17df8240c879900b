/**
 * `npm run screenshots:mails`: the receipt, the monthly pre-notification and the invoice mail in English
 * and Dutch, as a phone's mail app shows their HTML part (390 px wide), written to docs/screenshots/
 * (issue 15, decision 035). Sample data from apps/api/src/mail/samples.ts; Debian's Chromium.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { mailHtml } from '../apps/api/src/mail/mail-html.js';
import { MAIL_SAMPLES } from '../apps/api/src/mail/samples.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'docs', 'screenshots');
const SHOWN = { 'tip-receipt': 'receipt', 'monthly-pre-notification': 'monthly-pre-notification', invoice: 'invoice' };

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 700 }, deviceScaleFactor: 2 });
  for (const [name, file] of Object.entries(SHOWN)) {
    const sample = MAIL_SAMPLES.find((s) => s.name === name)!;
    for (const locale of ['en', 'nl'] as const) {
      const mail = sample.mail(locale, 'https://podpot.example');
      await page.setContent(await mailHtml({ ...mail, brand: 'Podpot' }));
      const target = path.join(out, `mail-${file}-${locale}.png`);
      await page.screenshot({ path: target, fullPage: true });
      console.log(path.relative(root, target));
    }
  }
} finally {
  await browser.close();
}
