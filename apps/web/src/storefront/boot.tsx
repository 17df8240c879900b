import {
  localeFromPath,
  STOREFRONT_DATA_ELEMENT_ID,
  STOREFRONT_EPISODE_ELEMENT_ID,
  STOREFRONT_STRINGS_ELEMENT_ID,
} from '@podpot/domain/routes';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { env } from '@/config/env';
import { initAuth } from '@/lib/auth';
import { reloadOnceForChunkError } from '@/lib/chunk-reload';
import { readServerParts, StorefrontApp, type StorefrontData } from '@/storefront/storefront-app';
import { createTranslate, EMBED_CATALOG_PARTS, type StorefrontStrings } from '@/storefront/strings';

/*
 * The storefront's page in the browser (loaded by src/entries/storefront.tsx after the first paint;
 * decision 021): the server wrote the page (src/entries/storefront-server.tsx) with the tip jar and the
 * strings of its language; this hydrates it.
 */

function readJson<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;
}

initAuth();
// A lazy chunk (the monthly tip's login) that fails after a deploy: reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

const tipjar = readJson<StorefrontData['tipjar']>(STOREFRONT_DATA_ELEMENT_ID);
// On an episode's tip page only: the episode, written beside the tip jar.
const episode = readJson<StorefrontData['episode']>(STOREFRONT_EPISODE_ELEMENT_ID);
const locale = localeFromPath(window.location.pathname);
const root = document.getElementById('root')!;
const inlined = readJson<StorefrontStrings | null>(STOREFRONT_STRINGS_ELEMENT_ID);
// The tip widget's page (`/{slug}/embed`, decision 094): its own small tree, loaded only there.
const embed = /\/embed\/?$/.test(window.location.pathname);
// The parts only the server draws (goal, episodes, wall): kept as the server wrote them.
const parts = readServerParts(root);

function app(strings: StorefrontStrings, Embed: EmbedComponent | null) {
  const t = createTranslate(strings, env.brandName);
  if (Embed) {
    return (
      <StrictMode>
        <Embed tipjar={tipjar} locale={locale} t={t} />
      </StrictMode>
    );
  }
  return (
    <StrictMode>
      <StorefrontApp tipjar={tipjar} locale={locale} episode={episode} t={t} parts={parts} />
    </StrictMode>
  );
}

type EmbedComponent = typeof import('@/storefront/embed').EmbedApp;

void (embed ? import('@/storefront/embed').then((module) => module.EmbedApp) : Promise.resolve(null)).then((Embed) => {
  if (inlined) hydrateRoot(root, app(inlined, Embed));
  else {
    // The server had no storefront server build: it drew a static first picture, the client draws the page.
    void import('@/storefront/catalog-strings')
      .then(({ catalogStrings }) => catalogStrings(locale, Embed ? EMBED_CATALOG_PARTS : undefined))
      .then((strings) => createRoot(root).render(app(strings, Embed)));
  }
});
