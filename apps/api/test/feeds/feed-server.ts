import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import sharp from 'sharp';

/*
 * A podcast host on 127.0.0.1 (port 0) serving real-shaped feeds and every way a fetch can go wrong:
 * Apple + Podcasting 2.0 namespaces, a 10,000-episode feed, malformed XML, ISO-8859-1, redirects
 * (also to a private address), 404, slow and oversized answers, gzip, conditional GET.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, 'fixtures', name));

export interface FeedServer {
  base: string;
  /** Paths asked so far, in order. */
  hits: string[];
  /** Serves `xml` at `/custom/<name>.xml` (e.g. a feed with its own owner address). */
  serve(name: string, xml: string): string;
  close(): Promise<void>;
}

/** A feed of `count` episodes with HTML descriptions, as a long-running show's host writes it. */
export function bigFeed(count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<item><title>Episode ${count - i}</title><guid isPermaLink="false">big-${i}</guid>
<pubDate>${new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toUTCString()}</pubDate>
<itunes:episode>${count - i}</itunes:episode><itunes:duration>00:30:00</itunes:duration>
<enclosure url="https://cdn.example.test/big-${i}.mp3" length="1000" type="audio/mpeg"/>
<description><![CDATA[<p>Show notes of episode ${count - i}: <a href="https://example.test">links</a> &amp; text ${'lorem ipsum '.repeat(20)}</p>]]></description></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>The Long Show</title>
<link>https://long.example.test/</link><description>Ten thousand episodes.</description>
<itunes:owner><itunes:email>long@long.example.test</itunes:email></itunes:owner>
${items.join('\n')}</channel></rss>`;
}

/** A small feed with a title, and an owner address and artwork when given. */
export function feedXml(options: { title: string; owner?: string; artwork?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<title>${options.title}</title><link>https://example.test/</link><description>About ${options.title}</description>
${options.owner ? `<itunes:owner><itunes:email>${options.owner}</itunes:email></itunes:owner>` : ''}
${options.artwork ? `<itunes:image href="${options.artwork}"/>` : ''}
<item><title>One</title><guid>one</guid></item></channel></rss>`;
}

export async function startFeedServer(): Promise<FeedServer> {
  const art = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#f28a3d' } })
    .png()
    .toBuffer();
  const big = Buffer.from(bigFeed(10_000));
  const custom = new Map<string, string>();
  const hits: string[] = [];
  const open = new Set<http.ServerResponse>();
  let base = '';

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.push(url);
    const xml = (body: Buffer | string, type = 'application/rss+xml; charset=utf-8') =>
      res.writeHead(200, { 'content-type': type }).end(body);
    if (url === '/apple.xml')
      return xml(fixture('apple-podcasting20.xml').toString().replace('ARTWORK_URL', `${base}/art.png`));
    if (url === '/latin1.xml') return xml(fixture('latin1.xml'), 'text/xml');
    if (url === '/malformed.xml') return xml(fixture('malformed.xml'));
    if (url === '/page.html') return xml(fixture('not-a-feed.html'), 'text/html');
    if (url === '/big.xml') return xml(big);
    if (url === '/art.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(art);
    if (url === '/not-an-image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<svg/>');
    if (url === '/gzip.xml') {
      return res
        .writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' })
        .end(zlib.gzipSync(fixture('latin1.xml')));
    }
    if (url === '/etag.xml') {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res
        .writeHead(200, { etag: '"v1"', 'last-modified': 'Tue, 07 May 2024 06:00:00 GMT' })
        .end(fixture('latin1.xml'));
    }
    if (url === '/slow.xml') {
      // Headers at once, then nothing: only the total time limit ends this.
      open.add(res);
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss><channel><title>Slow');
      return;
    }
    if (url === '/huge.xml') {
      // 11 MB streamed without a Content-Length: the size is only known while reading.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 11 && res.write(chunk)) sent++;
        if (sent >= 11) res.end();
        else res.once('drain', pump);
      };
      res.on('close', () => {
        sent = 11;
      });
      return pump();
    }
    if (url === '/huge-declared.xml') {
      open.add(res);
      return res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).write('<rss>');
    }
    const hop = /^\/hop\/(\d+)$/.exec(url);
    if (hop) {
      const left = Number(hop[1]);
      return res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/apple.xml' }).end();
    }
    if (url === '/to-private.xml') return res.writeHead(301, { location: 'http://10.0.0.1/feed.xml' }).end();
    if (url === '/to-metadata.xml') return res.writeHead(307, { location: 'http://169.254.169.254/latest/' }).end();
    if (url === '/to-ftp.xml') return res.writeHead(302, { location: 'ftp://example.test/feed.xml' }).end();
    const own = /^\/custom\/([\w-]+)\.xml\/?$/.exec(url);
    if (own && custom.has(own[1]!)) return xml(custom.get(own[1]!)!);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    serve(name, body) {
      custom.set(name, body);
      return `${base}/custom/${name}.xml`;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
