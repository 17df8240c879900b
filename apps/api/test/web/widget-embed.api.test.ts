import { readFile, rm } from 'node:fs/promises';
import { brotliCompressSync, constants } from 'node:zlib';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { makeWebDist, pageHtml } from '../support/web-dist.js';

/**
 * The tip widget (decision 094): the loader any site loads (`/embed.js`), a tip jar's embed page that any
 * site may frame (`/{slug}/embed`) while every other page stays unframeable, and the demo page of a
 * maker's own site with its strict CSP.
 */
let t: TestApp;
let dist: string;

// Stands in for apps/web src/entries/storefront-server.tsx: says which page it was asked for.
const SERVER_BUILD = `
export function renderStorefront({ tipjar, locale, embed }) {
  return {
    html: '<main data-embed="' + Boolean(embed) + '" data-locale="' + locale + '">' + tipjar.slug + '</main>',
    strings: {},
    title: tipjar.name,
    description: 'Tip ' + tipjar.name,
  };
}
`;

beforeAll(async () => {
  dist = await makeWebDist('podpot-dist-widget-', {
    'index.html': pageHtml(),
    'storefront.html': pageHtml('/assets/storefront-1.js'),
    '.ssr/server.mjs': SERVER_BUILD,
    '.vite/manifest.json': '{}',
    'embed.js': '(()=>{})();',
  });
  t = await createTestApp({ WEB_DIST: dist });
  await t.database.db.insert(tipjars).values([
    { slug: 'widget-pod', name: 'Widget Pod', status: 'LIVE', contactEmail: 'maker@example.test' },
    { slug: 'widget-new', name: 'Not live', status: 'NEW', contactEmail: 'maker@example.test' },
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${t.baseUrl}${path}`);
const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('the embed page /{slug}/embed', () => {
  it("is the tip jar's widget page in the address's language, framable by any site, not indexed", async () => {
    for (const [path, locale] of [
      ['/widget-pod/embed', 'en'],
      ['/nl/widget-pod/embed', 'nl'],
      ['/WIDGET-POD/embed/', 'en'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(frameAncestors(res), path).toBe('*');
      expect(res.headers.get('x-frame-options'), path).toBeNull();
      // The rest of the page's policy stays: only our scripts run in the frame.
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      const html = await res.text();
      expect(html, path).toContain(`<main data-embed="true" data-locale="${locale}">widget-pod</main>`);
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain(`<html lang="${locale}"`);
    }
  });

  it('is 404 (and not framable) for an unknown tip jar and one that is not live', async () => {
    for (const path of ['/no-such-pod/embed', '/widget-new/embed', '/nl/widget-new/embed']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(frameAncestors(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('leaves every other page unframeable: the storefront, the app, the landing page', async () => {
    for (const path of [
      '/widget-pod',
      '/nl/widget-pod',
      '/login',
      '/',
      '/widget-pod/embed/more',
      '/api/v1/paymentmethods',
    ]) {
      const res = await get(path);
      expect(frameAncestors(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    expect(await (await get('/widget-pod')).text()).toContain('data-embed="false"');
  });
});

describe('the loader /embed.js', () => {
  it('may be loaded by any site and is cached for an hour (its address never changes)', async () => {
    const res = await get('/embed.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    // Other files keep the page's rules.
    const other = await get('/index.html');
    expect(other.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('is at most 5 kB brotli, minified as the web build does it (apps/web vite.config.ts embedLoader)', async () => {
    const source = await readFile(new URL('../../../web/src/embed/loader.ts', import.meta.url), 'utf8');
    const { code } = await transform(source, { loader: 'ts', minify: true, target: 'es2020' });
    const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(brotli).toBeLessThanOrEqual(5_000);
    // It finds the maker's link and opens the tip jar's embed page from our origin.
    expect(code).toContain('data-podpot-tip');
    expect(code).toContain('/embed');
  });
});

describe('the demo page /demo/embed.html (not in production)', () => {
  it("is a maker's Dutch page with the snippet and a strict CSP that allows only the widget's documented sources", async () => {
    const res = await get('/demo/embed.html');
    expect(res.status).toBe(200);
    const origin = new URL(t.baseUrl).origin;
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src ${origin}`);
    expect(csp).toContain(`frame-src ${origin}`);
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(`<a data-podpot-tip="de-koffiepod" href="${origin}/nl/de-koffiepod">`);
    expect(html).toContain(`<script src="${origin}/embed.js" async></script>`);
  });
});
