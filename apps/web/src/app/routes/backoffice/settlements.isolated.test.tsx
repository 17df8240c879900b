import type { ListResponse, Settlement } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/dom';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { render } from '@/test/render';

const get = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args) },
}));

const { default: BackofficeSettlementsPage } = await import('./settlements');

const tipjar = { id: '00000000-0000-4000-8000-000000000001', slug: 'my-pod', name: 'My Pod' };

const paid: Settlement = {
  id: 'set_abc_202603',
  tipjarId: tipjar.id,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-03-31T23:59:59.000Z',
  status: 'PAID',
  gross: 1750,
  fees: 88,
  costs: 50,
  net: 1612,
  paidAt: '2026-04-01T00:00:00.000Z',
  tipCount: 2,
};

function list(data: Settlement[]): ListResponse<Settlement> {
  return { data, metadata: { count: data.length } };
}

function renderPage(path = '/backoffice/my-pod/settlements') {
  const router = createMemoryRouter(
    [
      {
        path: '/backoffice/:tipjarslug',
        element: <Outlet context={{ tipjar }} />,
        children: [
          { path: 'settlements', element: <BackofficeSettlementsPage /> },
          { path: 'registration', element: <p>registration page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('backoffice Uitbetalingen', () => {
  // A block body: a function returned from beforeEach would run as its teardown.
  beforeEach(() => {
    get.mockReset();
  });

  it('explains that payouts start after registration and links there when there are none', async () => {
    get.mockResolvedValue(list([]));
    const router = renderPage();
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`tipjars/${tipjar.id}/settlements`, expect.anything());
    fireEvent.click(screen.getByRole('link', { name: 'Go to registration' }));
    expect(await screen.findByText('registration page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/my-pod/registration');
  });

  it('lists payouts and opens the specification rows', async () => {
    get.mockImplementation(async (path: string) => {
      return path.endsWith('/settlements')
        ? list([paid])
        : {
            ...paid,
            rows: [
              {
                tipId: '11111111-0000-4000-8000-000000000000',
                reference: 'tra_one',
                amount: 500,
                fee: 25,
                payable: 450,
              },
              { tipId: null, reference: 'tra_two', amount: 1250, fee: 63, payable: 1162 },
            ],
          };
    });
    renderPage();
    const row = await screen.findByTestId('settlement-row');
    expect(within(row).getByText('Paid out')).toBeTruthy();
    expect(within(row).getByText('€17.50')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show the specification' }));
    const specRows = await screen.findAllByTestId('settlement-spec-row');
    expect(specRows).toHaveLength(2);
    expect(within(specRows[0]!).getByText('Tip 11111111')).toBeTruthy();
    expect(within(specRows[1]!).getByText('Other payment')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`tipjars/${tipjar.id}/settlements/${paid.id}`, expect.anything());
  });

  it('says so when not every payout, or not every payment of a payout, could be read from the provider', async () => {
    get.mockImplementation(async (path: string) =>
      path.endsWith('/settlements')
        ? { data: [paid], metadata: { count: 1, incomplete: true } }
        : { ...paid, rows: [], incomplete: true },
    );
    renderPage();
    expect((await screen.findByTestId('settlements-incomplete')).textContent).toMatch(
      /Not every payout could be read from the payment provider/,
    );
    fireEvent.click(
      within(await screen.findByTestId('settlement-row')).getByRole('button', { name: 'Show the specification' }),
    );
    expect((await screen.findByTestId('settlement-rows-incomplete')).textContent).toMatch(
      /Not every payment in this payout could be read/,
    );
  });

  it('does not call an unreadable list "no payouts yet"', async () => {
    get.mockResolvedValue({ data: [], metadata: { count: 0, incomplete: true } });
    renderPage();
    expect(await screen.findByTestId('settlements-incomplete')).toBeTruthy();
    expect(screen.queryByText('No payouts yet')).toBeNull();
  });

  it('says nothing of the kind when the list is complete', async () => {
    get.mockResolvedValue(list([paid]));
    renderPage();
    await screen.findByTestId('settlement-row');
    expect(screen.queryByTestId('settlements-incomplete')).toBeNull();
  });

  it('says so when the provider cannot be reached', async () => {
    get.mockRejectedValue(new Error('502'));
    renderPage();
    expect(await screen.findByText(/could not be loaded from the payment provider/)).toBeTruthy();
  });
});
