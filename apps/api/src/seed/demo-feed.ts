/*
 * The demo podcast's feed and artwork (decision 030), served by the dev host (dev/demo-feed.ts) outside
 * production, so `npm start` shows the feed prefill, our stored artwork and ownership verification
 * without internet: the demo tip jar links to /demo/feed.xml, whose owner address is the demo maker's
 * (the code lands in ./data/outbox). Loopback fetches are allowed outside production (FEED_ALLOW_LOOPBACK).
 */

export const DEMO_FEED_PATH = '/demo/feed.xml';
export const DEMO_ARTWORK_PATH = '/demo/artwork.png';
export const DEMO_FEED_OWNER = 'maker@podpot.local';

const EPISODES = [
  { n: 3, title: 'De perfecte espresso', date: '2025-03-18T06:00:00Z', minutes: 42 },
  { n: 2, title: 'Van boon tot kop: een bezoek aan de brander', date: '2025-03-11T06:00:00Z', minutes: 51 },
  { n: 1, title: 'Waarom we over koffie praten', date: '2025-03-04T06:00:00Z', minutes: 35 },
];

/** An RSS 2.0 feed with Apple's and Podcasting 2.0's tags, as a hosting service writes one. */
export function demoFeedXml(publicUrl: string): string {
  const items = EPISODES.map(
    (e) => `    <item>
      <title>Aflevering ${e.n}: ${e.title}</title>
      <guid isPermaLink="false">koffiepod-${e.n}</guid>
      <link>${publicUrl}/de-koffiepod</link>
      <pubDate>${new Date(e.date).toUTCString()}</pubDate>
      <itunes:episode>${e.n}</itunes:episode>
      <itunes:season>1</itunes:season>
      <itunes:duration>${e.minutes * 60}</itunes:duration>
      <podcast:episode>${e.n}</podcast:episode>
      <enclosure url="${publicUrl}/demo/koffiepod-${e.n}.mp3" length="1" type="audio/mpeg"/>
      <description><![CDATA[<p>${e.title}.</p>]]></description>
    </item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
  <channel>
    <title>De Koffiepod</title>
    <link>${publicUrl}/de-koffiepod</link>
    <language>nl</language>
    <description><![CDATA[<p>Elke week een nieuwe aflevering over <strong>koffie</strong>, mensen en verhalen.</p>]]></description>
    <itunes:owner><itunes:name>Mark de Maker</itunes:name><itunes:email>${DEMO_FEED_OWNER}</itunes:email></itunes:owner>
    <itunes:image href="${publicUrl}${DEMO_ARTWORK_PATH}"/>
    <podcast:locked owner="${DEMO_FEED_OWNER}">yes</podcast:locked>
    <podcast:funding url="${publicUrl}/de-koffiepod">Geef De Koffiepod een fooi</podcast:funding>
${items}
  </channel>
</rss>
`;
}

let artwork: Promise<Buffer> | undefined;

/** The demo artwork: a coffee cup in the brand's colours, drawn once per process (PNG, 1400 px as Apple asks). */
export function demoArtwork(): Promise<Buffer> {
  artwork ??= import('sharp').then(({ default: sharp }) =>
    sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400" viewBox="0 0 140 140">
      <rect width="140" height="140" fill="#4E8381"/>
      <circle cx="70" cy="70" r="52" fill="#FBBD51"/>
      <path d="M40 55h50v28a22 22 0 0 1-22 22h-6a22 22 0 0 1-22-22z" fill="#ffffff"/>
      <path d="M90 62h6a10 10 0 0 1 0 20h-6" fill="none" stroke="#ffffff" stroke-width="6"/>
      <path d="M55 30c-4 6 4 10 0 16M68 28c-4 6 4 10 0 16M81 30c-4 6 4 10 0 16" stroke="#f28a3d" stroke-width="4" fill="none"/>
    </svg>`),
    )
      .png()
      .toBuffer(),
  );
  return artwork;
}
