import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { makeWebDist, pageHtml } from '../support/web-dist.js';

/**
 * The landing page (`/`, `/nl`) as its own server-rendered page (apps/web home.html and the server
 * build's renderHome), and the locale redirect at the root, which the server now answers (docs/product.md §9).
 */
let t: TestApp;
let dist: string;

// Stands in for apps/web's server build: echoes the locale, and counts its renders in the page.
const SERVER_BUILD = `
let count = 0;
export function renderStorefront({ tipjar }) {
  return { html: '<h1>' + tipjar.name + '</h1>', strings: {} };
}
export function renderHome({ locale }) {
  count += 1;
  return {
    html: '<div class="lp"><h1>' + (locale === 'nl' ? 'Fooi geven' : 'Give a tip') + '</h1><p data-render="' + count + '"></p></div>',
    title: (locale === 'nl' ? 'Fooi geven' : 'Give a tip') + ' - Podpot',
    description: locale === 'nl' ? 'Geef makers een fooi & meer' : 'Tip the makers & more',
    strings: { 'home:title': locale === 'nl' ? 'Fooi geven' : 'Give a tip', 'x:tricky': '</script><b>' },
  };
}
`;

beforeAll(async () => {
  dist = await makeWebDist('podpot-dist-home-', {
    // The app's page, told apart by a comment.
    'index.html': pageHtml().replace('</body>', '<!--app--></body>'),
    'home.html': pageHtml('/assets/home-1.js'),
    '.ssr/server.mjs': SERVER_BUILD,
  });
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}${url}`, { headers, redirect: 'manual' });
  return {
    status: res.status,
    location: res.headers.get('location'),
    cookie: res.headers.get('set-cookie'),
    html: await res.text(),
  };
}

describe('GET / and /nl: the landing page', () => {
  it('is the server-rendered landing page in the address’s language, with its title and strings', async () => {
    const en = await page('/', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en"');
    expect(en.html).toContain('<title>Give a tip - Podpot</title>');
    expect(en.html).toContain('<div id="root"><div class="lp"><h1>Give a tip</h1>');
    expect(en.html).toContain('src="/assets/home-1.js"');
    const nl = await page('/nl');
    expect(nl.status).toBe(200);
    expect(nl.html).toContain('<html lang="nl"');
    expect(nl.html).toContain('<title>Fooi geven - Podpot</title>');
    expect(nl.html).toContain('<h1>Fooi geven</h1>');
    // The strings are data: nothing in them can end their element.
    expect(nl.html).toContain('"home:title":"Fooi geven"');
    expect(nl.html).not.toContain('</script><b>');
    // Other pages still get the app.
    expect((await page('/faq')).html).toContain('<!--app-->');
  });

  it('carries a meta description in the page’s language, and names both languages for search engines', async () => {
    const en = await page('/', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.html).toContain('<meta name="description" content="Tip the makers &amp; more" />');
    const nl = await page('/nl');
    expect(nl.html).toContain('<meta name="description" content="Geef makers een fooi &amp; meer" />');
    for (const html of [en.html, nl.html]) {
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${t.baseUrl}/" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="nl" href="${t.baseUrl}/nl" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${t.baseUrl}/" />`);
    }
    expect(nl.html).toContain(`<link rel="canonical" href="${t.baseUrl}/nl" />`);
  });

  it('renders each language once: the page shows no data, only the build’s strings', async () => {
    const first = (await page('/nl')).html.match(/data-render="(\d+)"/)?.[1];
    const again = (await page('/nl/')).html.match(/data-render="(\d+)"/)?.[1];
    expect(first).toBeDefined();
    expect(again).toBe(first);
  });

  it('sends the root to /nl when the lang cookie says Dutch, and keeps it English when it says English', async () => {
    const nl = await page('/?q=koffie', { cookie: 'other=1; lang=nl', 'accept-language': 'en' });
    expect(nl.status).toBe(302);
    expect(nl.location).toBe('/nl?q=koffie');
    const en = await page('/', { cookie: 'lang=en', 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(en.status).toBe(200);
    expect(en.html).toContain('<h1>Give a tip</h1>');
  });

  it('remembers the language of the landing page shown, as the app does on every page', async () => {
    expect((await page('/nl')).cookie).toMatch(/^lang=nl; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect((await page('/', { 'accept-language': 'en' })).cookie).toMatch(/^lang=en;/);
  });

  it('without a cookie, follows the first language of the browser that Podpot speaks', async () => {
    expect((await page('/', { 'accept-language': 'de-DE,nl;q=0.8,en;q=0.5' })).location).toBe('/nl');
    expect((await page('/', { 'accept-language': 'de-DE,en;q=0.9,nl;q=0.8' })).status).toBe(200);
    expect((await page('/', { 'accept-language': 'en;q=0.5,nl-BE;q=0.9' })).location).toBe('/nl');
    // Only at the root: another page is never redirected.
    expect((await page('/faq', { cookie: 'lang=nl' })).status).toBe(200);
  });
});
