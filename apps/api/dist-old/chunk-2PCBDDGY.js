import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/dev/demo-feed.ts
var DEMO_FEED_PATH = "/demo/feed.xml";
var DEMO_ARTWORK_PATH = "/demo/artwork.png";
var DEMO_FEED_OWNER = "maker@podpot.local";
var EPISODES = [
  { n: 3, title: "De perfecte espresso", date: "2025-03-18T06:00:00Z", minutes: 42 },
  { n: 2, title: "Van boon tot kop: een bezoek aan de brander", date: "2025-03-11T06:00:00Z", minutes: 51 },
  { n: 1, title: "Waarom we over koffie praten", date: "2025-03-04T06:00:00Z", minutes: 35 }
];
function demoFeedXml(publicUrl) {
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
    </item>`
  ).join("\n");
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
__name(demoFeedXml, "demoFeedXml");
var artwork;
function demoArtwork() {
  artwork ??= import("sharp").then(
    ({ default: sharp }) => sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400" viewBox="0 0 140 140">
      <rect width="140" height="140" fill="#4E8381"/>
      <circle cx="70" cy="70" r="52" fill="#FBBD51"/>
      <path d="M40 55h50v28a22 22 0 0 1-22 22h-6a22 22 0 0 1-22-22z" fill="#ffffff"/>
      <path d="M90 62h6a10 10 0 0 1 0 20h-6" fill="none" stroke="#ffffff" stroke-width="6"/>
      <path d="M55 30c-4 6 4 10 0 16M68 28c-4 6 4 10 0 16M81 30c-4 6 4 10 0 16" stroke="#f28a3d" stroke-width="4" fill="none"/>
    </svg>`)
    ).png().toBuffer()
  );
  return artwork;
}
__name(demoArtwork, "demoArtwork");
function mountDemoFeed(app, ctx) {
  app.get(
    DEMO_FEED_PATH,
    { schema: { hide: true } },
    async (_request, reply) => reply.type("application/rss+xml; charset=utf-8").send(demoFeedXml(ctx.config.publicUrl))
  );
  app.get(
    DEMO_ARTWORK_PATH,
    { schema: { hide: true } },
    async (_request, reply) => reply.type("image/png").header("cache-control", "public, max-age=3600").send(await demoArtwork())
  );
}
__name(mountDemoFeed, "mountDemoFeed");

export {
  DEMO_FEED_PATH,
  DEMO_ARTWORK_PATH,
  DEMO_FEED_OWNER,
  demoFeedXml,
  demoArtwork,
  mountDemoFeed
};
//# sourceMappingURL=chunk-2PCBDDGY.js.map
