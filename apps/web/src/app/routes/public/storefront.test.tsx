import type { PublicTipjar } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
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

describe('storefront of a tip jar that cannot take tips', () => {
  it('says so instead of offering a tip form that must fail', async () => {
    get.mockResolvedValue({ data: [tipjar], metadata: { count: 1 } });
    const router = createMemoryRouter([{ path: '/:tipjarslug', element: <StorefrontPage /> }], {
      initialEntries: ['/my-pod'],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('not-accepting-tips')).textContent).toMatch(/cannot receive tips at the moment/);
    expect(screen.getByRole('heading', { name: 'My Pod' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
