#!/usr/bin/env node
// `npm run screenshots`: PNGs of the main pages for docs/screenshots/, made the way the browser tests
// run the app: builds the web app (SCREENSHOTS_SKIP_BUILD=1 uses the build there is), starts the platform
// on a free loopback port with a fresh embedded database and demo data (scripts/e2e-server.mjs), signs
// in as the demo maker and the demo admin, and saves home, storefront, backoffice dashboard and admin
// dashboard in English and Dutch, on a desktop (1280 px) and a phone (390 px):
// docs/screenshots/<page>-<en|nl>-<desktop|phone>.png. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_SLUG as SLUG, startDemoPlatform } from './demo-platform.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'podpot-demo-koffie';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800, isMobile: false },
  phone: { width: 390, height: 844, isMobile: true },
};
/** Page name → who is signed in (null: nobody) and its path without the language prefix. */
const PAGES = [
  { name: 'home', user: null, path: '/' },
  { name: 'storefront', user: null, path: `/${SLUG}` },
  { name: 'backoffice-dashboard', user: 'maker@podpot.local', path: `/backoffice/${SLUG}` },
  { name: 'admin-dashboard', user: 'admin@podpot.local', path: '/admin' },
];

/** The current code of the demo admin's two-step key (apps/api/src/seed/demo.ts, README). */
function demoAdminCode() {
  return new TOTP({ secret: Secret.fromBase32('PODPOTDEMOADMINTOTPKEY234567ABCD') }).generate();
}

/** The demo user's access token, as the app's login stores it. */
async function login(base, email) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: email,
      password: PASSWORD,
      client_id: 'podpot-web',
      grant_type: 'password',
      scope: 'all',
    }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  const answer = await res.json();
  if (answer.access_token) return answer.access_token;
  // The demo admin has two-step login (decision 036): a code of the demo key (README).
  const second = await fetch(`${base}/api/v1/auth/two-step`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: answer.challenge, code: demoAdminCode() }),
  });
  if (!second.ok) throw new Error(`two-step login of ${email}: ${second.status} ${await second.text()}`);
  return (await second.json()).access_token;
}

async function main() {
  const { base, stop } = await startDemoPlatform({ build: process.env.SCREENSHOTS_SKIP_BUILD !== '1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    mkdirSync(out, { recursive: true });
    const tokens = {};
    for (const page of PAGES) if (page.user) tokens[page.user] ??= await login(base, page.user);
    for (const page of PAGES) {
      for (const locale of ['en', 'nl']) {
        for (const [device, viewport] of Object.entries(VIEWPORTS)) {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            isMobile: viewport.isMobile,
            hasTouch: viewport.isMobile,
            deviceScaleFactor: 1,
            locale: locale === 'nl' ? 'nl-NL' : 'en-GB',
          });
          const token = page.user ? tokens[page.user] : null;
          if (token) await context.addInitScript((t) => localStorage.setItem('podpot:token', t), token);
          const tab = await context.newPage();
          const url = `${base}${locale === 'nl' ? (page.path === '/' ? '/nl' : `/nl${page.path}`) : page.path}`;
          await tab.goto(url, { waitUntil: 'networkidle' });
          // Charts and lazy parts settle; no focus ring or caret in the picture.
          await tab.waitForTimeout(800);
          // A busy machine can still be sliding the menu in: wait until no transition runs.
          await tab.waitForFunction(() =>
            document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
          );
          await tab.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
          const file = path.join(out, `${page.name}-${locale}-${device}.png`);
          await tab.screenshot({ path: file, fullPage: true });
          console.log(`${path.relative(root, file)}  ${url}`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
