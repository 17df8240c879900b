import { describe, expect, it } from 'vitest';
import {
  badgeSnippet,
  fundingTag,
  QrPngQuerySchema,
  shareFilesPath,
  shareUrl,
  widgetCsp,
  widgetFrameSnippet,
  widgetPagePath,
  widgetSnippet,
} from './share.js';

describe('share addresses', () => {
  it("point at a tip jar's storefront, or at one episode's tip page, in the asked language", () => {
    expect(shareUrl('https://podpot.nl/', { slug: 'koffie' }, 'en')).toBe('https://podpot.nl/koffie');
    expect(shareUrl('https://podpot.nl', { slug: 'koffie' }, 'nl')).toBe('https://podpot.nl/nl/koffie');
    const episode = { slug: 'koffie', episode: { id: 'ep 42/b', title: 'Forty-two' } };
    expect(shareUrl('https://podpot.nl', episode, 'nl')).toBe('https://podpot.nl/nl/koffie/e/ep%2042%2Fb');
    expect(shareFilesPath(episode)).toBe('/tipjars/slug/koffie/e/ep%2042%2Fb');
  });
});

describe('fundingTag and badgeSnippet', () => {
  it('escape what they quote, so a tag or snippet can never break out of its markup', () => {
    expect(fundingTag({ url: 'https://x.nl/a?b=1&c="2"', text: 'Tip <us> & more' })).toBe(
      '<podcast:funding url="https://x.nl/a?b=1&amp;c=&quot;2&quot;">Tip &lt;us&gt; &amp; more</podcast:funding>',
    );
    expect(
      badgeSnippet({
        href: 'https://x.nl/k',
        src: 'https://x.nl/b.svg?lang=nl',
        alt: `It's "ours"`,
        width: 180,
        height: 44,
      }),
    ).toBe(
      '<a href="https://x.nl/k"><img src="https://x.nl/b.svg?lang=nl" alt="It&apos;s &quot;ours&quot;" width="180" height="44"></a>',
    );
  });
});

describe('QrPngQuerySchema', () => {
  it('takes only the print sizes, 1024 px unless asked', () => {
    expect(QrPngQuerySchema.parse({})).toEqual({ lang: 'en', size: 1024 });
    expect(QrPngQuerySchema.parse({ lang: 'nl', size: '2048' })).toEqual({ lang: 'nl', size: 2048 });
    expect(QrPngQuerySchema.safeParse({ size: '4096' }).success).toBe(false);
  });
});

describe('the tip widget snippets (decision 094)', () => {
  const origin = 'https://podpot.nl';
  it('is a plain link to the storefront and the loader, escaped', () => {
    expect(
      widgetSnippet({
        origin,
        slug: 'de-koffiepod',
        storefrontUrl: `${origin}/nl/de-koffiepod`,
        text: 'Geef <een> fooi',
      }),
    ).toBe(
      '<a data-podpot-tip="de-koffiepod" href="https://podpot.nl/nl/de-koffiepod">Geef &lt;een&gt; fooi</a>\n<script src="https://podpot.nl/embed.js" async></script>',
    );
  });
  it('frames the embed page in the language asked, and names the two CSP sources', () => {
    expect(widgetPagePath('de-koffiepod', 'en')).toBe('/de-koffiepod/embed');
    expect(widgetPagePath('de-koffiepod', 'nl')).toBe('/nl/de-koffiepod/embed');
    expect(widgetFrameSnippet({ origin, slug: 'de-koffiepod', locale: 'nl', title: 'Fooi voor "X"' })).toBe(
      '<iframe src="https://podpot.nl/nl/de-koffiepod/embed" title="Fooi voor &quot;X&quot;" width="400" height="760" style="border:0;max-width:100%"></iframe>',
    );
    expect(widgetCsp(origin)).toBe('script-src https://podpot.nl; frame-src https://podpot.nl');
  });
});
