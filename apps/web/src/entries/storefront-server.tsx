import type { PublicEpisode, PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { renderToString } from 'react-dom/server';
import { env } from '@/config/env';
import { EmbedApp } from '@/storefront/embed';
import { serverStrings } from '@/storefront/server-strings';
import { episodeHeading, StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate, EMBED_CATALOG_PARTS, type StorefrontStrings } from '@/storefront/strings';
import { storefrontParts } from '@/storefront/supporters';

/*
 * The storefront's server-render entry, the input of the server build (`vite build --ssr`, to
 * dist/.ssr/server.mjs; decision 021). The API loads it at runtime when it is there (apps/api
 * plugins/web.ts) and writes its HTML into `#root`, so the first paint is the real page; the client
 * (src/storefront/boot.tsx) hydrates it with the same strings. It renders the storefront and, through
 * home-server.tsx, the landing page.
 */
export { renderHome } from '@/entries/home-server';

/**
 * The storefront page of `tipjar` in `locale` — or, with `episode`, that episode's tip page; with `embed`,
 * the tip widget's page (decision 094): the HTML of `#root`, the strings the client needs, and the page's
 * title and description (the episode page's own, for its share tags).
 */
export function renderStorefront(input: {
  tipjar: PublicTipjar;
  locale: Locale;
  episode?: PublicEpisode | null;
  embed?: boolean;
}): {
  html: string;
  strings: StorefrontStrings;
  title: string;
  description: string;
} {
  if (input.embed) {
    const strings = serverStrings(input.locale, EMBED_CATALOG_PARTS);
    const t = createTranslate(strings, env.brandName);
    return {
      html: renderToString(<EmbedApp tipjar={input.tipjar} locale={input.locale} t={t} />),
      strings,
      title: input.tipjar.name,
      description: t('storefront:meta.description', { name: input.tipjar.name }),
    };
  }
  const strings = serverStrings(input.locale);
  const t = createTranslate(strings, env.brandName);
  // The goal, episodes and wall are drawn here only; relative dates are as of this render (decision 032).
  const parts = storefrontParts(input.tipjar, t, input.locale, new Date());
  const episode = input.episode ?? null;
  return {
    html: renderToString(
      <StorefrontApp tipjar={input.tipjar} locale={input.locale} t={t} episode={episode} parts={parts} />,
    ),
    strings,
    title: episode ? `${episodeHeading(episode, t)} - ${input.tipjar.name}` : input.tipjar.name,
    // In the page's language; the API prefers the maker's own description on the storefront (web.ts).
    description: t(episode ? 'storefront:episodes.metaDescription' : 'storefront:meta.description', {
      name: input.tipjar.name,
    }),
  };
}
