import { HOME_STRINGS_ELEMENT_ID, localeFromPath } from '@podpot/domain/routes';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { env } from '@/config/env';
import { HomeApp } from '@/home/home-app';
import { initAuth } from '@/lib/auth';
import { createTranslate, type StorefrontStrings } from '@/storefront/strings';

/* The landing page in the browser (loaded by main.tsx after the first paint): hydrates the server's HTML. */

initAuth();
const locale = localeFromPath(window.location.pathname);
const strings = JSON.parse(document.getElementById(HOME_STRINGS_ELEMENT_ID)?.textContent ?? '{}') as StorefrontStrings;
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <HomeApp t={createTranslate(strings, env.brandName)} locale={locale} />
  </StrictMode>,
);
