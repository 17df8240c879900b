import { HOME_STRINGS_ELEMENT_ID, localeFromPath } from '@podpot/domain/routes';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { env } from '@/config/env';
import { HOME_ISLANDS } from '@/home/home-app';
import { initAuth } from '@/lib/auth';
import { createTranslate, type StorefrontStrings } from '@/storefront/strings';

/*
 * The landing page in the browser (loaded by src/entries/home.tsx after the first paint): hydrates its two islands,
 * the top bar and the search box (home-app.tsx); the rest of the server's HTML stays as it is.
 */

initAuth();
const locale = localeFromPath(window.location.pathname);
const strings = JSON.parse(document.getElementById(HOME_STRINGS_ELEMENT_ID)?.textContent ?? '{}') as StorefrontStrings;
const t = createTranslate(strings, env.brandName);
for (const { id, prefix, render } of Object.values(HOME_ISLANDS)) {
  const container = document.getElementById(id);
  if (container) hydrateRoot(container, <StrictMode>{render(t, locale)}</StrictMode>, { identifierPrefix: prefix });
}
