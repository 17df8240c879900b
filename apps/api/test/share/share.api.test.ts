import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { pdfPageTexts } from '../invoices/pdf-text.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Issue 14, "where listeners are" (decision 031): a LIVE tip jar's badge, QR codes and poster, public
 * and cacheable; and the Share page's kit for its admins. The QR codes are decoded here with a real
 * decoder (jsQR), so a code that does not scan — or scans to the wrong address — fails.
 */
let t: TestApp;
let maker: TestUser;
let stranger: TestUser;
let seq = 0;
/** A name with every character that must be escaped in SVG and HTML. */
const TRICKY = 'Pod <b>&"Quotes"</b>';

async function jar(
  options: { name?: string; status?: 'LIVE' | 'NEW' | 'SUSPENDED'; active?: boolean; archived?: boolean } = {},
) {
  seq += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `share-${seq}-${Date.now().toString(36)}`,
      name: options.name ?? `Share Pod ${seq}`,
      status: options.status ?? 'LIVE',
      active: options.active ?? true,
      archivedAt: options.archived ? new Date() : null,
      contactEmail: 'maker@example.test',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  return row!;
}

async function file(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}/api/v1${path}`, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** What a phone's camera reads from a PNG, and the light border around the code in modules (the standard asks for 4). */
function decodePng(png: Buffer): { width: number; height: number; text: string | undefined; border: number } {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  const corner = code?.location.topLeftCorner ?? { x: 0, y: 0 };
  const module = code ? (code.location.topRightCorner.x - corner.x) / (17 + 4 * code.version) : 1;
  return {
    width: image.width,
    height: image.height,
    text: code?.data,
    border: Math.round(Math.min(corner.x, corner.y) / module),
  };
}

/** Rasterises an SVG made of rects and one path of M/h/v/z commands (our QR's shapes) at `scale` px per unit, and decodes it. */
function decodeSvg(svg: string, scale = 6): string | undefined {
  const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
  const width = Number(w) * scale;
  const height = Number(h) * scale;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  const d = /<path[^>]*\sd="([^"]+)"/.exec(svg)?.[1] ?? '';
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, len] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = y * scale; py < (y + 1) * scale; py++) {
      for (let px = x * scale; px < (x + len) * scale; px++)
        rgba.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return jsQR(rgba, width, height)?.data;
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
  stranger = await t.createUser();
});
afterAll(() => t.close());

describe('GET /api/v1/tipjars/slug/{slug}/… (public shared files)', () => {
  it('answers 400 with a JSON body for a slug the tip jar rules do not allow', async () => {
    for (const name of ['badge.svg', 'qr.svg', 'qr.png', 'poster.pdf']) {
      const res = await t.api('GET', `/tipjars/slug/NO_such%20slug!/${name}`);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe('VALIDATION');
    }
  });

  it('answers 404 with a JSON body for an unknown slug and for tip jars that are not LIVE', async () => {
    // The same files of a LIVE tip jar are there.
    const live = await jar();
    for (const name of ['badge.svg', 'qr.svg', 'qr.png', 'poster.pdf']) {
      expect((await file(`/tipjars/slug/${live.slug}/${name}`)).res.status, name).toBe(200);
    }
    const hidden = [
      await jar({ status: 'NEW' }),
      await jar({ status: 'SUSPENDED' }),
      await jar({ active: false }),
      await jar({ archived: true }),
    ];
    for (const slug of ['nobody-here', ...hidden.map((j) => j.slug)]) {
      for (const name of ['badge.svg', 'qr.svg', 'qr.png', 'poster.pdf']) {
        const res = await t.api('GET', `/tipjars/slug/${slug}/${name}`);
        expect(res.status, `${slug}/${name}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.body.code).toBe('NOT_FOUND');
      }
    }
  });

  it('draws the badge in English and Dutch, accessible, with the name escaped', async () => {
    const live = await jar({ name: TRICKY });
    const en = await file(`/tipjars/slug/${live.slug}/badge.svg`);
    expect(en.res.status).toBe(200);
    expect(en.res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = en.bytes.toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" role="img"/);
    expect(svg).toContain('<title>Tip Pod &lt;b&gt;&amp;&quot;Quotes&quot;&lt;/b&gt; on Podpot</title>');
    expect(svg).not.toContain('<b>');
    expect(svg).toMatch(/>Tip us on Podpot<\/text>/);
    expect(svg).toContain('fill="#f28a3d"');
    expect(svg).not.toMatch(/<script|href=/i);
    const nl = (await file(`/tipjars/slug/${live.slug}/badge.svg?lang=nl`)).bytes.toString();
    expect(nl).toMatch(/>Geef een fooi via Podpot<\/text>/);
    expect(nl).toContain('<title>Geef Pod &lt;b&gt;');
    // The Dutch text is longer: so is its button.
    const width = (s: string) => Number(/width="(\d+)"/.exec(s)?.[1]);
    expect(width(nl)).toBeGreaterThan(width(svg));
    expect((await t.api('GET', `/tipjars/slug/${live.slug}/badge.svg?lang=de`)).status).toBe(400);
  });

  it('lets other sites embed the files and caches them by ETag until the tip jar changes', async () => {
    const live = await jar();
    const first = await file(`/tipjars/slug/${live.slug}/badge.svg`);
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(first.res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const again = await file(`/tipjars/slug/${live.slug}/badge.svg`, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // Another language is another file.
    const nl = await file(`/tipjars/slug/${live.slug}/badge.svg?lang=nl`, { 'if-none-match': etag });
    expect(nl.res.status).toBe(200);

    // The maker renames the podcast: the old copy is no longer current.
    const renamed = await t.api('PUT', `/tipjars/${live.id}`, {
      token: maker.token,
      body: { data: { name: 'Renamed Pod' } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await file(`/tipjars/slug/${live.slug}/badge.svg`, { 'if-none-match': etag });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(etag);
    expect(after.bytes.toString()).toContain('<title>Tip Renamed Pod on Podpot</title>');
  });

  it('answers QR codes (PNG in print sizes, SVG) that scan to the storefront in the asked language', async () => {
    const live = await jar({ name: TRICKY });
    const storefront = `${t.baseUrl}/${live.slug}`;
    for (const size of [512, 1024, 2048]) {
      const { res, bytes } = await file(`/tipjars/slug/${live.slug}/qr.png?size=${size}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(decodePng(bytes)).toEqual({ width: size, height: size, text: storefront, border: expect.any(Number) });
      expect(decodePng(bytes).border, `${size} px`).toBeGreaterThanOrEqual(4);
    }
    const nl = await file(`/tipjars/slug/${live.slug}/qr.png?lang=nl&size=512`);
    expect(decodePng(nl.bytes).text).toBe(`${t.baseUrl}/nl/${live.slug}`);
    const standard = await file(`/tipjars/slug/${live.slug}/qr.png`);
    expect(decodePng(standard.bytes).width).toBe(1024);
    for (const size of ['100', '4096', 'big', '1024.5']) {
      expect((await t.api('GET', `/tipjars/slug/${live.slug}/qr.png?size=${size}`)).status, size).toBe(400);
    }

    const svg = await file(`/tipjars/slug/${live.slug}/qr.svg?lang=nl`);
    expect(svg.res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const text = svg.bytes.toString();
    expect(text).toContain('role="img"');
    expect(text).toContain(
      '<title>QR-code: geef Pod &lt;b&gt;&amp;&quot;Quotes&quot;&lt;/b&gt; een fooi via Podpot</title>',
    );
    expect(decodeSvg(text)).toBe(`${t.baseUrl}/nl/${live.slug}`);
    expect(decodeSvg((await file(`/tipjars/slug/${live.slug}/qr.svg`)).bytes.toString())).toBe(storefront);
  });

  it('answers a one-page A4 poster with the name, the invitation and the address, in English and Dutch', async () => {
    const live = await jar({ name: TRICKY });
    const en = await file(`/tipjars/slug/${live.slug}/poster.pdf`);
    expect(en.res.headers.get('content-type')).toBe('application/pdf');
    expect(en.res.headers.get('content-disposition')).toBe(`inline; filename="${live.slug}-poster.pdf"`);
    expect(en.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPageTexts(en.bytes);
    expect(pages).toHaveLength(1);
    expect(en.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pages[0]).toContain(TRICKY);
    expect(pages[0]).toContain('Enjoying the show? Scan the code and give us a tip.');
    expect(pages[0]).toContain(`${t.baseUrl.replace('http://', '')}/${live.slug}`);
    const nl = pdfPageTexts((await file(`/tipjars/slug/${live.slug}/poster.pdf?lang=nl`)).bytes)[0];
    expect(nl).toContain('Geniet je van de podcast? Scan de code en geef ons een fooi.');
    expect(nl).toContain(`${t.baseUrl.replace('http://', '')}/nl/${live.slug}`);
  });

  it('keeps a very long name on the one page', async () => {
    const live = await jar({ name: 'De Allerlangste Podcastnaam Van Nederland En Omstreken '.repeat(3).trim() });
    const pages = pdfPageTexts((await file(`/tipjars/slug/${live.slug}/poster.pdf`)).bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('De Allerlangste');
  });
});

describe('GET /api/v1/tipjars/{id}/share (the Share page)', () => {
  it('answers 401 without a session and 404 to someone who does not manage the tip jar', async () => {
    const live = await jar();
    expect((await t.api('GET', `/tipjars/${live.id}/share`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${live.id}/share`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', '/tipjars/not-an-id/share', { token: maker.token })).status).toBe(400);
  });

  it('gives the funding tag, a script-free badge snippet and the file addresses, per language', async () => {
    const live = await jar({ name: TRICKY });
    const res = await t.api('GET', `/tipjars/${live.id}/share`, { token: maker.token });
    expect(res.status, res.text).toBe(200);
    const { en, nl } = res.body.kits;
    expect(res.body.live).toBe(true);
    expect(en.fundingTag).toBe(`<podcast:funding url="${t.baseUrl}/${live.slug}">Tip us on Podpot</podcast:funding>`);
    expect(nl.fundingTag).toBe(
      `<podcast:funding url="${t.baseUrl}/nl/${live.slug}">Geef ons een fooi via Podpot</podcast:funding>`,
    );
    expect(nl.snippet).toBe(
      `<a href="${t.baseUrl}/nl/${live.slug}"><img src="${t.baseUrl}/api/v1/tipjars/slug/${live.slug}/badge.svg?lang=nl" alt="Geef een fooi via Podpot" width="${nl.badge.width}" height="44"></a>`,
    );
    expect(en.snippet).not.toMatch(/script/i);
    // Every address the page offers answers its file.
    const urls = [
      en.badge.url,
      nl.badge.url,
      en.qr.svgUrl,
      en.posterUrl,
      nl.posterUrl,
      ...en.qr.png.map((p: { url: string }) => p.url),
    ];
    for (const url of urls) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      // The whole file is served, not only its status.
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
    }
    expect(en.qr.png.map((p: { size: number }) => p.size)).toEqual([512, 1024, 2048]);
    // The badge's size in the snippet is the file's own.
    const svg = await (await fetch(en.badge.url)).text();
    expect(svg).toContain(`width="${en.badge.width}" height="${en.badge.height}"`);
  });

  it('says when the tip jar is not live yet (its files are not served until it is)', async () => {
    const fresh = await jar({ status: 'NEW' });
    const res = await t.api('GET', `/tipjars/${fresh.id}/share`, { token: maker.token });
    expect(res.status).toBe(200);
    expect(res.body.live).toBe(false);
    const badge = await fetch(res.body.kits.en.badge.url);
    expect(badge.status).toBe(404);
    await badge.arrayBuffer();
  });
});
