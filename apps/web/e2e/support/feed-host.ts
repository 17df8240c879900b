import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A podcast host of a browser test on 127.0.0.1 (the e2e server allows loopback fetches, as every
 * non-production process does): `/<name>.xml` is `feed(name)`, `/art.png` a square PNG the feeds name
 * as their artwork. `base` is its address, for the feeds' own links.
 */
export async function startFeedHost(feed: (name: string) => string, size = 1400) {
  const art = await sharp({ create: { width: size, height: size, channels: 3, background: '#4E8381' } })
    .png()
    .toBuffer();
  const server = http.createServer((req, res) => {
    const match = /^\/(\w+)\.xml$/.exec(req.url ?? '');
    if (match?.[1]) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(feed(match[1]));
    }
    if (req.url === '/art.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(art);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
