import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, episodes, tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The built web app as served by the API: link previews for tip jars, 404 for unknown slugs. */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'podpot-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Podpot</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the build writes for storefronts: index.html with the storefront's chunks preloaded.
  await writeFile(
    path.join(dist, 'storefront.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Podpot</title>\n    <link rel="modulepreload" href="/assets/storefront-1234.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  t = await createTestApp({ WEB_DIST: dist });
  await t.database.db.insert(tipjars).values([
    {
      slug: 'de-preview-pod',
      name: 'De <Preview> Pod',
      status: 'LIVE',
      description: 'Verhalen & "meer"',
      imageUrl: 'https://example.org/cover.jpg',
      contactEmail: 'maker@example.test',
    },
    {
      slug: 'script-pod',
      name: '</script><script>alert(1)</script>',
      status: 'LIVE',
      description: '<!-- not a comment -->',
      presetAmounts: [300, 700],
      contactEmail: 'maker@example.test',
    },
    {
      slug: 'dollar-pod',
      name: "Pod $& $` $'",
      status: 'LIVE',
      description: "Says $& and $$ and $1 <b>'",
      contactEmail: 'maker@example.test',
    },
    { slug: 'nog-niet-betaald', name: 'Unpaid', status: 'AWAITING_PAYMENT', contactEmail: 'maker@example.test' },
    {
      slug: 'gesloten-pod',
      name: 'Closed',
      status: 'LIVE',
      contactEmail: 'maker@example.test',
      archivedAt: new Date(),
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await fetch(`${t.baseUrl}${url}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** The page's structured data (every `<script type="application/ld+json">`), parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('GET /{slug} (the storefront HTML)', () => {
  it('carries the tip jar title, description and Open Graph tags, escaped', async () => {
    const { status, html } = await page('/de-preview-pod');
    expect(status).toBe(200);
    expect(html).toContain('<title>De &lt;Preview&gt; Pod - Podpot</title>');
    expect(html).toContain('<meta property="og:title" content="De &lt;Preview&gt; Pod - Podpot" />');
    expect(html).toContain('<meta name="description" content="Verhalen &amp; &quot;meer&quot;" />');
    expect(html).toContain('<meta property="og:image" content="https://example.org/cover.jpg" />');
    expect(html).toContain(`<meta property="og:url" content="${t.baseUrl}/de-preview-pod" />`);
    expect(html).not.toContain('<Preview>');
    expect(html).toContain('<div id="root">');
  });

  it('describes the podcast as schema.org PodcastSeries, with its picture for large link previews', async () => {
    const { html } = await page('/de-preview-pod');
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'PodcastSeries',
        name: 'De <Preview> Pod',
        url: `${t.baseUrl}/de-preview-pod`,
        description: 'Verhalen & "meer"',
        image: 'https://example.org/cover.jpg',
      },
    ]);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<link rel="alternate" hreflang="nl" href="${t.baseUrl}/nl/de-preview-pod" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${t.baseUrl}/de-preview-pod" />`);
  });

  it('keeps a hostile podcast name inside its structured data (no </script> ends the element)', async () => {
    const { html } = await page('/script-pod');
    const data = structuredData(html);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ '@type': 'PodcastSeries', name: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)');
    // Every script element the page has is one the server wrote (the JSON-LD, the tip jar's data).
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('shows the stored artwork in link previews by its absolute URL', async () => {
    const [artwork] = await t.database.db
      .insert(artworks)
      .values({ contentType: 'image/png', width: 1, height: 1, bytes: Buffer.from([1]) })
      .returning();
    await t.database.db.insert(tipjars).values({
      slug: 'artwork-pod',
      name: 'Artwork',
      status: 'LIVE',
      imageUrl: 'https://example.org/old.jpg',
      artworkId: artwork!.id,
      contactEmail: 'maker@example.test',
    });
    const { html } = await page('/artwork-pod');
    const image = `${t.ctx.config.publicUrl}/api/v1/artworks/${artwork!.id}`;
    expect(html).toContain(`<meta property="og:image" content="${image}" />`);
    expect(structuredData(html)[0]).toMatchObject({ image });
  });

  it('is written from storefront.html (its chunks preloaded) with the tip jar inlined as the API answers it', async () => {
    const { status, html } = await page('/de-preview-pod');
    expect(status).toBe(200);
    expect(html).toContain('<link rel="modulepreload" href="/assets/storefront-1234.js">');
    const inlined = /<script type="application\/json" id="podpot-storefront-tipjar">([^<]*)<\/script>/.exec(html);
    expect(inlined).not.toBeNull();
    const api = await t.api('GET', '/tipjars?slug=de-preview-pod');
    expect(JSON.parse(inlined![1]!)).toEqual(api.body.data[0]);
    expect(api.body.data[0].name).toBe('De <Preview> Pod');
  });

  it('draws a first picture of the tip jar (image, name, description) in the root element, escaped', async () => {
    const { html } = await page('/de-preview-pod');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('<h1>De &lt;Preview&gt; Pod</h1>');
    expect(root).toContain('<p>Verhalen &amp; &quot;meer&quot;</p>');
    expect(root).toContain('<img class="pp-avatar" src="https://example.org/cover.jpg"');
    const script = await page('/script-pod');
    expect(script.html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(script.html).toContain('<div class="pp-avatar" aria-hidden="true">&lt;</div>');
  });

  it('inlines a tip jar whose texts look like markup without ending the element', async () => {
    const { status, html } = await page('/script-pod');
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- not a comment');
    const inlined = /<script type="application\/json" id="podpot-storefront-tipjar">([^<]*)<\/script>/.exec(html);
    const tipjar = JSON.parse(inlined![1]!);
    expect(tipjar.name).toBe('</script><script>alert(1)</script>');
    expect(tipjar.description).toBe('<!-- not a comment -->');
    expect(tipjar.presetAmounts).toEqual([300, 700]);
  });

  it("inserts names holding replacement patterns ($&, $`, $') literally", async () => {
    const { status, html } = await page('/dollar-pod');
    expect(status).toBe(200);
    expect(html).toContain('<title>Pod $&amp; $` $&#39; - Podpot</title>');
    expect(html).toContain('<meta property="og:title" content="Pod $&amp; $` $&#39; - Podpot" />');
    expect(html).toContain('<meta name="description" content="Says $&amp; and $$ and $1 &lt;b&gt;&#39;" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('speaks Dutch under /nl', async () => {
    const { status, html } = await page('/nl/de-preview-pod');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain(`content="${t.baseUrl}/nl/de-preview-pod"`);
  });

  it('answers 404 (with the app, which shows its 404 page) for unknown, not LIVE and archived tip jars', async () => {
    for (const url of ['/no-such-pod', '/nog-niet-betaald', '/nl/no-such-pod', '/gesloten-pod']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('og:title');
      expect(html).not.toContain('podpot-storefront-tipjar');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('modulepreload');
    }
  });

  it("serves the plain app for the app's own routes", async () => {
    for (const url of ['/login', '/nl/podcastmaker', '/backoffice/de-preview-pod', '/admin']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html).toContain('<title>Podpot</title>');
      expect(html).not.toContain('modulepreload');
    }
  });

  it('caches hashed assets for a year and the HTML not at all', async () => {
    const asset = await page('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await page('/login')).headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps unknown API paths JSON', async () => {
    const res = await t.api('GET', '/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('GET /{slug}/e/{episodeId} (an episode tip page)', () => {
  const ids = {
    episode: '5a0c1f3e-8d2b-4c7a-9e61-0b3d2f4a5c01',
    other: '5a0c1f3e-8d2b-4c7a-9e61-0b3d2f4a5c02',
  };
  beforeAll(async () => {
    const rows = await t.database.db.select().from(tipjars);
    const bySlug = (slug: string) => rows.find((row) => row.slug === slug)!.id;
    await t.database.db.insert(episodes).values([
      { id: ids.episode, tipjarId: bySlug('de-preview-pod'), guid: 'g42', title: 'Koffie & <thee>', number: 42 },
      // Another tip jar's episode: not reachable under this slug.
      { id: ids.other, tipjarId: bySlug('script-pod'), guid: 'g1', title: 'Elsewhere', number: 1 },
    ]);
  });

  it('carries the episode inlined beside the tip jar and its own share tags, escaped', async () => {
    const { status, html } = await page(`/de-preview-pod/e/${ids.episode}`);
    expect(status).toBe(200);
    // Without the storefront's server build (this test's dist) the title is the episode's and the tip jar's.
    expect(html).toContain('<title>Koffie &amp; &lt;thee&gt; - De &lt;Preview&gt; Pod - Podpot</title>');
    expect(html).toContain(`<meta property="og:url" content="${t.baseUrl}/de-preview-pod/e/${ids.episode}" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Koffie &amp; &lt;thee&gt; - De &lt;Preview&gt; Pod - Podpot" />',
    );
    const inlined = /<script type="application\/json" id="podpot-storefront-episode">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(inlined![1]!)).toMatchObject({ id: ids.episode, title: 'Koffie & <thee>', number: 42 });
    const api = await t.api('GET', `/tipjars/slug/de-preview-pod/e/${ids.episode}`);
    expect(JSON.parse(inlined![1]!)).toEqual(api.body.episode);
    expect(html).toContain('podpot-storefront-tipjar');
    const nl = await page(`/nl/de-preview-pod/e/${ids.episode.toUpperCase()}`);
    expect(nl.status).toBe(200);
    expect(nl.html).toContain('<html lang="nl"');
    expect(nl.html).toContain(`content="${t.baseUrl}/nl/de-preview-pod/e/${ids.episode}"`);
  });

  it('describes the episode as schema.org PodcastEpisode, part of its series, in every language', async () => {
    const { html } = await page(`/nl/de-preview-pod/e/${ids.episode}`);
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'PodcastEpisode',
        name: 'Koffie & <thee>',
        url: `${t.baseUrl}/nl/de-preview-pod/e/${ids.episode}`,
        episodeNumber: 42,
        image: 'https://example.org/cover.jpg',
        partOfSeries: { '@type': 'PodcastSeries', name: 'De <Preview> Pod', url: `${t.baseUrl}/nl/de-preview-pod` },
      },
    ]);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      `<link rel="alternate" hreflang="en" href="${t.baseUrl}/de-preview-pod/e/${ids.episode}" />`,
    );
  });

  it("answers 404 for an unknown episode, another tip jar's, a malformed id, or a tip jar that is not LIVE", async () => {
    for (const url of [
      '/de-preview-pod/e/5a0c1f3e-8d2b-4c7a-9e61-0b3d2f4a5cff',
      `/de-preview-pod/e/${ids.other}`,
      '/de-preview-pod/e/not-a-uuid',
      `/nog-niet-betaald/e/${ids.episode}`,
    ]) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expect(html).not.toContain('podpot-storefront-episode');
      expect(html).toContain('<div id="root"></div>');
    }
    // A malformed escape never reaches the page (Fastify answers 400 first).
    expect((await page('/de-preview-pod/e/%E0%A4%A')).status).toBe(400);
  });
});
