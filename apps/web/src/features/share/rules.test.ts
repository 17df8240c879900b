import type { ShareKitOfLocale } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { episodeKitOf } from './rules';

const files = 'https://podpot.nl/api/v1/tipjars/slug/koffie';
const kit: ShareKitOfLocale = {
  storefrontUrl: 'https://podpot.nl/nl/koffie',
  badge: { url: `${files}/badge.svg?lang=nl`, alt: 'Geef een fooi', width: 180, height: 40 },
  snippet: '…',
  fundingTag: '…',
  qr: { svgUrl: `${files}/qr.svg?lang=nl`, png: [{ size: 512, url: `${files}/qr.png?size=512&lang=nl` }] },
  posterUrl: `${files}/poster.pdf?lang=nl`,
};
const episode = { id: '0b7c5c1e-4d7e-4b8a-9d55-3f1f0f3c2a11', title: 'A & B' };

describe('episodeKitOf', () => {
  it("points every file and link of the tip jar's kit at the episode", () => {
    const episodeKit = episodeKitOf(kit, 'koffie', episode);
    const under = `${files}/e/${episode.id}`;
    expect(episodeKit.storefrontUrl).toBe(`https://podpot.nl/nl/koffie/e/${episode.id}`);
    expect(episodeKit.badge.url).toBe(`${under}/badge.svg?lang=nl`);
    expect(episodeKit.qr.svgUrl).toBe(`${under}/qr.svg?lang=nl`);
    expect(episodeKit.qr.png).toEqual([{ size: 512, url: `${under}/qr.png?size=512&lang=nl` }]);
    expect(episodeKit.posterUrl).toBe(`${under}/poster.pdf?lang=nl`);
    expect(episodeKit.snippet).toBe(
      `<a href="https://podpot.nl/nl/koffie/e/${episode.id}"><img src="${under}/badge.svg?lang=nl" alt="Geef een fooi" width="180" height="40"></a>`,
    );
  });
});
