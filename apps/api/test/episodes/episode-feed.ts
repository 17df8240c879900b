import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A podcast host on 127.0.0.1 (port 0) whose feeds a test changes as it goes: each path answers its
 * current body with an ETag of its version (304 to a matching If-None-Match), or a failure status.
 */

export interface EpisodeFeedHost {
  base: string;
  /** Requests so far per path, with the If-None-Match each sent. */
  requests: { path: string; ifNoneMatch: string | null }[];
  /** Serves `xml` at `/{name}.xml` (a new ETag); answers its URL. */
  set(name: string, xml: string): string;
  /** `/{name}.xml` answers `status` from now on (500, 404 …). */
  fail(name: string, status: number): string;
  close(): Promise<void>;
}

export interface FeedItem {
  guid: string;
  title: string;
  number?: number;
  date?: string;
  /** itunes:duration as the feed writes it; 00:10:00 when not given. */
  duration?: string;
}

/** A feed with `items` and, when given, podcast:funding tags. */
export function episodeFeedXml(items: FeedItem[], funding: string[] = []): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel><title>Episode Show</title><link>https://example.test/</link><description>Episodes</description>
${funding.map((url) => `<podcast:funding url="${url}">Tip us</podcast:funding>`).join('\n')}
${items
  .map(
    (i) => `<item><title>${i.title}</title><guid isPermaLink="false">${i.guid}</guid>
${i.number !== undefined ? `<itunes:episode>${i.number}</itunes:episode>` : ''}
${i.date ? `<pubDate>${new Date(i.date).toUTCString()}</pubDate>` : ''}<itunes:duration>${i.duration ?? '00:10:00'}</itunes:duration></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

export async function startEpisodeFeedHost(): Promise<EpisodeFeedHost> {
  const feeds = new Map<string, { body: Buffer; etag: string } | { status: number }>();
  const requests: EpisodeFeedHost['requests'] = [];
  let version = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const inm = req.headers['if-none-match'];
    requests.push({ path, ifNoneMatch: typeof inm === 'string' ? inm : null });
    const feed = feeds.get(path);
    if (!feed) return res.writeHead(404).end();
    if ('status' in feed) return res.writeHead(feed.status).end('down');
    if (inm === feed.etag) return res.writeHead(304, { etag: feed.etag }).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: feed.etag }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    set(name, xml) {
      version += 1;
      feeds.set(`/${name}.xml`, { body: Buffer.from(xml), etag: `"v${version}"` });
      return `${base}/${name}.xml`;
    },
    fail(name, status) {
      feeds.set(`/${name}.xml`, { status });
      return `${base}/${name}.xml`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
