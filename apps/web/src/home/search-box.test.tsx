import type { PublicTipjar } from '@podpot/domain';
import { fireEvent, screen } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SearchBox } from '@/home/search-box';
import { HOME_CATALOG_PARTS } from '@/home/strings';
import { serverStrings } from '@/storefront/server-strings';
import { createTranslate } from '@/storefront/strings';
import { apiPath, setupApiServer } from '@/test/api-server';
import { render } from '@/test/render';

const t = createTranslate(serverStrings('en', HOME_CATALOG_PARTS), 'Podpot');

function tipjar(slug: string, name: string, images: Pick<PublicTipjar, 'artworkUrl' | 'imageUrl'>): PublicTipjar {
  return {
    id: crypto.randomUUID(),
    slug,
    name,
    status: 'LIVE',
    active: true,
    type: 'CONSUMER',
    description: '',
    podcastUrl: null,
    rssUrl: null,
    feedVerified: false,
    thankYouMessage: '',
    presetAmounts: [],
    acceptsTips: true,
    goal: null,
    ...images,
  };
}

setupApiServer(
  http.get(apiPath('tipjars'), () =>
    HttpResponse.json({
      data: [
        tipjar('koffie', 'Koffie', { artworkUrl: '/api/v1/artworks/a1', imageUrl: 'https://example.org/old.jpg' }),
        tipjar('thee', 'Thee', { artworkUrl: null, imageUrl: 'https://example.org/thee.jpg' }),
        tipjar('water', 'Water', { artworkUrl: null, imageUrl: null }),
      ],
      metadata: { count: 3 },
    }),
  ),
);

/** Issue 39: the landing page's search shows each podcast with its artwork, as its storefront does. */
describe('the landing page search', { timeout: 20_000 }, () => {
  it("shows each result with the podcast's artwork, else its image, else its initial", async () => {
    const { container } = render(<SearchBox t={t} locale="en" />);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Find a podcast' }), { target: { value: 'pod' } });
    const first = await screen.findByRole('link', { name: /Koffie/ });
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/v1/artworks/a1');
    expect(screen.getByRole('link', { name: /Thee/ }).querySelector('img')?.getAttribute('src')).toBe(
      'https://example.org/thee.jpg',
    );
    const water = screen.getByRole('link', { name: /Water/ });
    expect(water.querySelector('img')).toBeNull();
    expect(water.querySelector('.lp-result-avatar')?.textContent).toBe('W');
    expect(container.querySelectorAll('img[loading="lazy"]')).toHaveLength(2);
  });
});
