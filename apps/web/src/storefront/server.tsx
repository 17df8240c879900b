import type { PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { renderToString } from 'react-dom/server';
import { env } from '@/config/env';
import { StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate, pickStorefrontStrings, type StorefrontStrings } from '@/storefront/strings';

/*
 * The storefront's server build (`vite build --ssr`, to dist/.ssr/server.mjs; decision 021). The API
 * loads it at runtime when it is there (apps/api plugins/web.ts) and writes its HTML into `#root`, so
 * the first paint is the real page; the client (main.tsx) hydrates it with the same strings.
 */

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const byLocale = new Map<string, StorefrontStrings>();

function stringsOf(locale: Locale): StorefrontStrings {
  let strings = byLocale.get(locale);
  if (!strings) {
    const catalogs: Record<string, Record<string, unknown>> = {};
    for (const [file, module] of Object.entries(modules)) {
      const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
      if (match?.[1] === locale && match[2]) catalogs[match[2]] = module.default;
    }
    strings = pickStorefrontStrings(catalogs);
    byLocale.set(locale, strings);
  }
  return strings;
}

/** The storefront page of `tipjar` in `locale`: the HTML of `#root`, and the strings the client needs. */
export function renderStorefront(input: { tipjar: PublicTipjar; locale: Locale }): {
  html: string;
  strings: StorefrontStrings;
} {
  const strings = stringsOf(input.locale);
  const t = createTranslate(strings, env.brandName);
  return { html: renderToString(<StorefrontApp tipjar={input.tipjar} locale={input.locale} t={t} />), strings };
}
