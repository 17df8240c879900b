import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** What search engines read beside the pages: robots.txt and the sitemap (issue 39). */
let t: TestApp;
const EPISODE_ID = '3f0b7a52-6c1e-4f7e-9d3a-1a2b3c4d5e6f';

beforeAll(async () => {
  t = await createTestApp();
  const [live] = await t.database.db
    .insert(tipjars)
    .values([
      { slug: 'sitemap-live', name: 'Live & well', status: 'LIVE', contactEmail: 'maker@example.test' },
      { slug: 'sitemap-suspended', name: 'Suspended', status: 'SUSPENDED', contactEmail: 'maker@example.test' },
      { slug: 'sitemap-unpaid', name: 'Unpaid', status: 'AWAITING_PAYMENT', contactEmail: 'maker@example.test' },
      { slug: 'sitemap-off', name: 'Off', status: 'LIVE', active: false, contactEmail: 'maker@example.test' },
    ])
    .returning();
  await t.database.db.insert(episodes).values([
    { id: EPISODE_ID, tipjarId: live!.id, guid: 'g1', title: 'One', publishedAt: new Date('2026-11-01T08:00:00Z') },
    // Gone from the feed: its page is a 404, so it is no search result either.
    { tipjarId: live!.id, guid: 'g2', title: 'Removed', removedAt: new Date() },
  ]);
});
afterAll(async () => {
  await t.close();
});

/** The sitemap's URLs (`<loc>`) and alternates, read with a strict XML parser (it throws on anything malformed). */
function parseSitemap(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const locs: string[] = [];
  const alternates: Record<string, string>[] = [];
  let inLoc = false;
  let root = '';
  parser.on('opentag', (tag) => {
    if (!root) root = `${tag.uri} ${tag.local}`;
    inLoc = tag.local === 'loc';
    if (tag.uri === 'http://www.w3.org/1999/xhtml' && tag.local === 'link') {
      alternates.push(Object.fromEntries(Object.entries(tag.attributes).map(([k, a]) => [k, a.value])));
    }
  });
  parser.on('text', (text) => {
    if (inLoc) locs.push(text);
  });
  parser.on('closetag', () => {
    inLoc = false;
  });
  parser.write(xml).close();
  return { root, locs, alternates };
}

describe('GET /robots.txt', () => {
  it('is a robots file, not the app: public pages allowed, private ones not, the sitemap by its absolute URL', async () => {
    const res = await fetch(`${t.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /backoffice/');
    expect(lines).toContain('Disallow: /nl/admin/');
    expect(lines).toContain(`Sitemap: ${t.ctx.config.publicUrl}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('is well-formed XML listing the home page and a LIVE tip jar and its episode in both languages', async () => {
    const res = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const { root, locs, alternates } = parseSitemap(await res.text());
    expect(root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    const base = t.ctx.config.publicUrl;
    expect(locs).toEqual(
      expect.arrayContaining([
        `${base}/`,
        `${base}/nl`,
        `${base}/sitemap-live`,
        `${base}/nl/sitemap-live`,
        `${base}/sitemap-live/e/${EPISODE_ID}`,
        `${base}/nl/sitemap-live/e/${EPISODE_ID}`,
      ]),
    );
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'nl', href: `${base}/nl/sitemap-live` });
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'x-default', href: `${base}/sitemap-live` });
  });

  it('lists no tip jar that is not tippable (suspended, unpaid, switched off) and no removed episode', async () => {
    const { locs } = parseSitemap(await (await fetch(`${t.baseUrl}/sitemap.xml`)).text());
    for (const slug of ['sitemap-suspended', 'sitemap-unpaid', 'sitemap-off']) {
      expect(locs.filter((loc) => loc.includes(slug))).toEqual([]);
    }
    expect(locs.filter((loc) => loc.includes('/e/'))).toHaveLength(2);
  });

  it('drops a tip jar as soon as it is suspended', async () => {
    await t.database.db.update(tipjars).set({ status: 'SUSPENDED' }).where(eq(tipjars.slug, 'sitemap-live'));
    const { locs } = parseSitemap(await (await fetch(`${t.baseUrl}/sitemap.xml`)).text());
    expect(locs.filter((loc) => loc.includes('sitemap-live'))).toEqual([]);
  });
});
