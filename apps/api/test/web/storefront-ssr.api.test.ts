import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { makeWebDist, pageHtml } from '../support/web-dist.js';

/**
 * A web build with the storefront's server build (dist/.ssr/server.mjs, decision 021): the API renders a
 * storefront's page with it and inlines the strings of the page's language; the build's dot folders are
 * never served.
 */
let t: TestApp;
let dist: string;

// Stands in for apps/web src/entries/storefront-server.tsx: echoes what it was given, as markup a test can read.
const SERVER_BUILD = `
export function renderStorefront({ tipjar, locale }) {
  const name = tipjar.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    html: '<div class="sf-page"><h1>' + name + '</h1><p data-locale="' + locale + '"></p></div>',
    strings: { 'storefront:amount.title': locale === 'nl' ? 'Jouw fooi' : 'Your tip', 'x:tricky': '</script><b>' },
    title: tipjar.name,
    description: (locale === 'nl' ? 'Geef ' : 'Give ') + tipjar.name + (locale === 'nl' ? ' een fooi.' : ' a tip.'),
  };
}
`;

beforeAll(async () => {
  dist = await makeWebDist('podpot-dist-ssr-', {
    'index.html': pageHtml(),
    'storefront.html': pageHtml('/assets/storefront-1.js'),
    '.ssr/server.mjs': SERVER_BUILD,
    '.vite/manifest.json': '{}',
  });
  t = await createTestApp({ WEB_DIST: dist });
  await t.database.db.insert(tipjars).values([
    { slug: 'ssr-pod', name: 'SSR <Pod> & co', status: 'LIVE', contactEmail: 'maker@example.test' },
    {
      slug: 'ssr-described',
      name: 'Described',
      status: 'LIVE',
      description: 'Gesprekken over koffie.\n\nElke week nieuw.',
      contactEmail: 'maker@example.test',
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await fetch(`${t.baseUrl}${url}`);
  return { status: res.status, html: await res.text() };
}

describe('GET /{slug} with the storefront server build', () => {
  it("writes the server build's page into #root, in the URL's language, with its strings inlined", async () => {
    const en = await page('/ssr-pod');
    expect(en.status).toBe(200);
    expect(en.html).toContain('<div id="root"><div class="sf-page"><h1>SSR &lt;Pod> &amp; co</h1><p data-locale="en">');
    // The static first picture is not drawn when the real page is there.
    expect(en.html).not.toContain('pp-shell');
    expect(en.html).toContain('<script type="module" src="/assets/storefront-1.js">');
    const strings = /<script type="application\/json" id="podpot-storefront-strings">([^<]*)<\/script>/.exec(en.html);
    expect(JSON.parse(strings![1]!)).toEqual({ 'storefront:amount.title': 'Your tip', 'x:tricky': '</script><b>' });
    const nl = await page('/nl/ssr-pod');
    expect(nl.html).toContain('<p data-locale="nl">');
    expect(nl.html).toContain('"storefront:amount.title":"Jouw fooi"');
  });

  it('renders the page again as soon as a change of the tip jar is announced (its page is kept per answer)', async () => {
    await t.database.db
      .insert(tipjars)
      .values({ slug: 'ssr-change', name: 'Before', status: 'LIVE', contactEmail: 'maker@example.test' });
    expect((await page('/ssr-change')).html).toContain('<h1>Before</h1>');
    // Straight into the database: the handle's write hook drops the cached answers (lib/public-cache.ts).
    await t.database.db.update(tipjars).set({ name: 'After' }).where(eq(tipjars.slug, 'ssr-change'));
    expect((await page('/ssr-change')).html).toContain('<h1>After</h1>');
    expect((await page('/nl/ssr-change')).html).toContain('<h1>After</h1>');
  });

  it("describes a podcast without a description of its own in the page's language", async () => {
    expect((await page('/ssr-pod')).html).toContain(
      '<meta name="description" content="Give SSR &lt;Pod&gt; &amp; co a tip." />',
    );
    expect((await page('/nl/ssr-pod')).html).toContain(
      '<meta name="description" content="Geef SSR &lt;Pod&gt; &amp; co een fooi." />',
    );
  });

  it("describes a podcast by the maker's own description, on one line, in both languages", async () => {
    for (const url of ['/ssr-described', '/nl/ssr-described']) {
      expect((await page(url)).html).toContain(
        '<meta name="description" content="Gesprekken over koffie. Elke week nieuw." />',
      );
    }
  });

  it('answers 404 with the plain app and no strings for an unknown tip jar', async () => {
    const { status, html } = await page('/no-such-ssr-pod');
    expect(status).toBe(404);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('podpot-storefront-strings');
  });

  it("never sends the build's own files (server build, manifest)", async () => {
    for (const url of ['/.ssr/server.mjs', '/.vite/manifest.json', '/assets/../.ssr/server.mjs']) {
      const { html } = await page(url);
      // The app's page (its router shows 404), not the file.
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('renderStorefront');
    }
  });
});
