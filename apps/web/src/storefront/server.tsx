import type { PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { renderToString } from 'react-dom/server';
import { env } from '@/config/env';
import { serverStrings } from '@/storefront/server-strings';
import { StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate, type StorefrontStrings } from '@/storefront/strings';
import { supporterParts } from '@/storefront/supporters';

/*
 * The server build (`vite build --ssr`, to dist/.ssr/server.mjs; decision 021). The API loads it at
 * runtime when it is there (apps/api plugins/web.ts) and writes its HTML into `#root`, so the first
 * paint is the real page; the client (main.tsx) hydrates it with the same strings. It renders the
 * storefront and the landing page (src/home).
 */
export { renderHome } from '@/home/server';

/** The storefront page of `tipjar` in `locale`: the HTML of `#root`, and the strings the client needs. */
export function renderStorefront(input: { tipjar: PublicTipjar; locale: Locale }): {
  html: string;
  strings: StorefrontStrings;
} {
  const strings = serverStrings(input.locale);
  const t = createTranslate(strings, env.brandName);
  // The goal and the wall are drawn here only; their relative dates are as of this render (decision 032).
  const parts = supporterParts(input.tipjar, t, input.locale, new Date());
  return {
    html: renderToString(<StorefrontApp tipjar={input.tipjar} locale={input.locale} t={t} parts={parts} />),
    strings,
  };
}
