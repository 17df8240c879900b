import type { PublicTipjar } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { STOREFRONT_DATA_ELEMENT_ID } from '@/config/paths';
import '@/lib/i18n';
import { render } from '@/test/render';

const get = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api: { get: (...args: unknown[]) => get(...args) },
}));

const { default: StorefrontPage } = await import('./storefront');

const tipjar: PublicTipjar = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'my-pod',
  name: 'My Pod',
  status: 'LIVE',
  active: true,
  type: 'CONSUMER',
  description: '',
  podcastUrl: null,
  rssUrl: null,
  imageUrl: null,
  thankYouMessage: '',
  presetAmounts: [300, 500],
  acceptsTips: false,
};

function renderStorefront(slug: string) {
  const router = createMemoryRouter([{ path: '/:tipjarslug', element: <StorefrontPage /> }], {
    initialEntries: [`/${slug}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The element the server writes into a storefront's first HTML (apps/api plugins/web.ts). */
function inline(data: PublicTipjar) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = STOREFRONT_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.head.append(element);
  return element;
}

describe('storefront with its tip jar in the first HTML', () => {
  it('draws from the inlined tip jar without asking the API, and takes the element away', async () => {
    get.mockReset();
    const element = inline({ ...tipjar, name: 'Inlined Pod' });
    renderStorefront('my-pod');
    expect(await screen.findByRole('heading', { name: 'Inlined Pod' })).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    expect(element.isConnected).toBe(false);
  });

  it('asks the API when the inlined tip jar is another one', async () => {
    get.mockReset();
    get.mockResolvedValue({ data: [{ ...tipjar, slug: 'other-pod', name: 'Other Pod' }], metadata: { count: 1 } });
    inline(tipjar);
    renderStorefront('other-pod');
    expect(await screen.findByRole('heading', { name: 'Other Pod' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe('storefront of a tip jar that cannot take tips', () => {
  it('says so instead of offering a tip form that must fail', async () => {
    get.mockResolvedValue({ data: [tipjar], metadata: { count: 1 } });
    renderStorefront('my-pod');
    expect((await screen.findByTestId('not-accepting-tips')).textContent).toMatch(/cannot receive tips at the moment/);
    expect(screen.getByRole('heading', { name: 'My Pod' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
