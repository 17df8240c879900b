import type { PaymentMethod, PublicEpisode, PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';
import { renderStorefront } from '@/entries/storefront-server';
import { readServerParts, StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate } from '@/storefront/strings';

// React's act() in a plain jsdom environment. Set for the whole worker: the files that use this page
// are *.isolated.test.tsx (decision 069).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let roots: Root[] = [];

/** A LIVE tip jar taking tips, without goal or supporters. */
export const tipjar: PublicTipjar = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'my-pod',
  name: 'My Pod',
  status: 'LIVE',
  active: true,
  type: 'CONSUMER',
  description: 'Stories',
  podcastUrl: null,
  rssUrl: null,
  imageUrl: null,
  artworkUrl: null,
  feedVerified: false,
  thankYouMessage: '',
  presetAmounts: [300, 500],
  acceptsTips: true,
  goal: null,
};
/** The payment method the pages' fetch stub answers. */
export const ideal: PaymentMethod = {
  id: '7b0f5f3e-1f55-4b7e-9a43-0c7f7c1d2a11',
  name: 'iDEAL',
  type: 'ideal',
  active: true,
  priority: 10,
  paymentissuers: [],
};

/** The page's payment methods, as the API would answer them (the tip form loads them after hydration). */
export function stubPaymentMethods() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [ideal], count: 1 }), { status: 200 })),
  );
}

/**
 * A storefront page as the API serves it (the server build's HTML), hydrated as boot.tsx does (the
 * server parts kept as written); React's complaints collected.
 */
export async function serveAndHydrate(
  data: PublicTipjar,
  locale: Locale,
  beforeHydration?: (page: HTMLElement) => void,
  /** An episode's tip page (`/{slug}/e/{episodeId}`) instead of the storefront. */
  episode?: PublicEpisode,
) {
  const { html, strings, title } = renderStorefront({ tipjar: data, locale, episode });
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  beforeHydration?.(container);
  const serverHeading = container.querySelector('h1');
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
  const page = (
    <StorefrontApp
      tipjar={data}
      locale={locale}
      episode={episode}
      t={createTranslate(strings, 'Podpot')}
      parts={readServerParts(container)}
    />
  );
  await act(async () => {
    roots.push(hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) }));
  });
  spy.mockRestore();
  return { html, errors, container, serverHeading, title };
}

/** Unmounts every page serveAndHydrate made and empties the document. */
export function unmountStorefronts() {
  for (const root of roots) act(() => root.unmount());
  roots = [];
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
}
