import type { ListResponse, Settlement } from '@podpot/domain';
import { fireEvent, screen, within } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import BackofficeSettlementsPage from './settlements';

const api = setupApiServer();

/** GET tipjars/{id}/settlements answers `list`, and GET tipjars/{id}/settlements/{id} `settlement`. */
function answer(list: object, settlement?: object) {
  api.server.use(
    http.get(apiPath('tipjars/:id/settlements'), () => HttpResponse.json(list)),
    http.get(apiPath('tipjars/:id/settlements/:settlementId'), () => HttpResponse.json(settlement ?? {})),
  );
}

/** Whether the page asked the API for `path` (below /api/v1/, without the query). */
async function asked(path: string) {
  return (await api.requests()).some((request) => request.method === 'GET' && request.path.split('?')[0] === path);
}

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
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

describe('backoffice Uitbetalingen', () => {
  it('explains that payouts start after registration and links there when there are none', async () => {
    answer(list([]));
    const router = renderPage();
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    expect(await asked(`tipjars/${tipjar.id}/settlements`)).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Go to registration' }));
    expect(await screen.findByText('registration page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backoffice/my-pod/registration');
  });

  it('lists payouts and opens the specification rows', async () => {
    answer(list([paid]), {
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
    expect(await asked(`tipjars/${tipjar.id}/settlements/${paid.id}`)).toBe(true);
  });

  it('says so when not every payout, or not every payment of a payout, could be read from the provider', async () => {
    answer({ data: [paid], metadata: { count: 1, incomplete: true } }, { ...paid, rows: [], incomplete: true });
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
    answer({ data: [], metadata: { count: 0, incomplete: true } });
    renderPage();
    expect(await screen.findByTestId('settlements-incomplete')).toBeTruthy();
    expect(screen.queryByText('No payouts yet')).toBeNull();
  });

  it('says nothing of the kind when the list is complete', async () => {
    answer(list([paid]));
    renderPage();
    await screen.findByTestId('settlement-row');
    expect(screen.queryByTestId('settlements-incomplete')).toBeNull();
  });

  it('says so when the provider cannot be reached', async () => {
    api.server.use(
      http.get(apiPath('tipjars/:id/settlements'), () =>
        apiError({
          statusCode: 502,
          error: 'Bad Gateway',
          code: 'PAYMENT_PROVIDER',
          message: 'The payment provider did not answer',
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText(/could not be loaded from the payment provider/)).toBeTruthy();
  });
});
