import type { ListResponse, MoneyCheckRun, PaymentIncident } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { delay, HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import AdminMoneyPage from './money';

const api = setupApiServer();

const JAR = '00000000-0000-4000-8000-0000000000b1';
const MONTHLY = '00000000-0000-4000-8000-0000000000c1';

const healthy: MoneyCheckRun = {
  ran: new Date(Date.now() - 10 * 60_000).toISOString(),
  violations: 0,
  durationMs: 1234,
  coverage: { compared: 5000, of: 60004, runs: 13 },
  details: [],
};

const broken: MoneyCheckRun = {
  ...healthy,
  violations: 2,
  details: [
    {
      invariant: 'totals-agree',
      subject: 'one-off tips',
      detail: 'completed tips 1500 ≠ completed tip transactions 1400',
    },
    { invariant: 'one-owner', subject: 'provider transaction tra_stranger', detail: 'not known at our side' },
  ],
};

const doubleCollection: PaymentIncident = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'double_collection',
  ownerKind: 'recurring_charge',
  ownerId: '00000000-0000-4000-8000-0000000000d1',
  amount: 1250,
  tipjar: { id: JAR, name: 'De Koffiepod' },
  tipId: '00000000-0000-4000-8000-0000000000e1',
  recurringTipId: MONTHLY,
  period: '2026-03',
  oppTransactionUid: 'tra_second',
  refundUid: null,
  refundStatus: null,
  lastError: 'provider unavailable (503)',
  providerStatus: null,
  created: '2026-04-02T09:30:00.000Z',
};

const list = (data: PaymentIncident[]): ListResponse<PaymentIncident> => ({ data, metadata: { count: data.length } });

/** The API as the page asks it: the check's last run and a page of incidents. */
function answer(run: MoneyCheckRun, incidents: PaymentIncident[]) {
  api.server.use(
    http.get(apiPath('payments/moneycheck'), () => HttpResponse.json(run)),
    http.get(apiPath('payments/incidents'), () => HttpResponse.json(list(incidents))),
  );
}

function renderPage(prefix = '') {
  if (prefix) setLanguage('nl');
  const router = createMemoryRouter(
    [
      { path: `${prefix}/admin/money`, element: <AdminMoneyPage /> },
      { path: `${prefix}/admin/tipjars/:tipjarid`, element: <p>tip jar page</p> },
    ],
    { initialEntries: [`${prefix}/admin/money`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

// The first render loads MUI and the catalogs, slow on a busy 2-core machine.
describe('the admin money page', { timeout: 20_000 }, () => {
  afterEach(() => setLanguage('en'));

  it('says the check is in order after a recent run without problems, and that there are no incidents', async () => {
    answer(healthy, []);
    renderPage();
    const state = await screen.findByTestId('money-check-state');
    expect(state.textContent).toContain('All in order');
    expect(screen.getByText('5,000 of 60,004 transactions; every transaction within 13 runs')).toBeTruthy();
    expect(screen.getByText('1.2 s')).toBeTruthy();
    expect(await screen.findByText("No money incidents: no payment needs a person's eye.")).toBeTruthy();
    expect(screen.queryAllByTestId('money-violation')).toHaveLength(0);
  });

  it('asks for attention and lists each problem with the rule it breaks', async () => {
    answer(broken, []);
    renderPage();
    const state = await screen.findByTestId('money-check-state');
    expect(state.textContent).toContain('Needs attention: 2 problems');
    const rows = screen.getAllByTestId('money-violation');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Totals agree');
    expect(rows[0]!.textContent).toContain('totals-agree');
    expect(rows[0]!.textContent).toContain('completed tips 1500 ≠ completed tip transactions 1400');
    expect(rows[1]!.textContent).toContain('Every payment belongs to one thing');
  });

  it('says when the check never ran', async () => {
    answer({ ran: null, violations: 0, durationMs: null, coverage: null, details: [] }, []);
    renderPage();
    expect((await screen.findByTestId('money-check-state')).textContent).toContain('Not run yet');
  });

  it('lists an incident in English: what happened, the amount, what it was for and where it stands', async () => {
    answer(healthy, [doubleCollection]);
    renderPage();
    const row = await screen.findByTestId('incident-row');
    expect(row.textContent).toContain('Month collected twice');
    expect(row.textContent).toContain('€12.50');
    expect(row.textContent).toContain('Monthly tip, March 2026');
    expect(row.textContent).toContain('Refund not made yet');
    expect(row.textContent).toContain('Last error: provider unavailable (503)');
    expect(within(row).getByRole('link', { name: 'De Koffiepod' }).getAttribute('href')).toBe(`/admin/tipjars/${JAR}`);

    // The row opens the whole incident, with what it means.
    fireEvent.click(within(row).getByRole('button', { name: 'Show the incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Month collected twice' });
    expect(dialog.textContent).toContain('The extra collection is refunded automatically');
    expect(dialog.textContent).toContain('Extra collection€12.50');
    expect(dialog.textContent).toContain('tra_second');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The month opens its monthly tip on this page.
    api.server.use(http.get(apiPath('recurringtips/:id'), () => delay('infinite')));
    fireEvent.click(within(row).getByRole('button', { name: 'Monthly tip, March 2026: Open the monthly tip' }));
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual(
        expect.objectContaining({ method: 'GET', path: `recurringtips/${MONTHLY}` }),
      ),
    );
    expect(await screen.findByRole('dialog', { name: 'Monthly tip' })).toBeTruthy();
  });

  it('lists the same incident in Dutch, the amount in the Dutch way', async () => {
    answer(healthy, [doubleCollection]);
    renderPage('/nl');
    const row = await screen.findByTestId('incident-row');
    expect(row.textContent).toContain('Maand twee keer geïnd');
    // Intl writes a no-break space after the sign.
    expect(row.textContent).toMatch(/€\s12,50/);
    expect(row.textContent).toContain('Maandelijkse fooi, maart 2026');
    expect(row.textContent).toContain('Nog niet terugbetaald');
    expect(within(row).getByRole('link', { name: 'De Koffiepod' }).getAttribute('href')).toBe(
      `/nl/admin/tipjars/${JAR}`,
    );
    expect((await screen.findByTestId('money-check-state')).textContent).toContain('Alles in orde');
  });

  it('shows the other kinds by name and where each stands: a provider amount, an excess, a mandate word, a refund made', async () => {
    answer(healthy, [
      {
        ...doubleCollection,
        id: '00000000-0000-4000-8000-0000000000a2',
        kind: 'amount_mismatch',
        ownerKind: 'tip',
        period: null,
        recurringTipId: null,
        lastError: null,
      },
      {
        ...doubleCollection,
        id: '00000000-0000-4000-8000-0000000000a3',
        kind: 'excess_reversal',
        ownerKind: 'tip',
        period: null,
        recurringTipId: null,
        lastError: null,
      },
      {
        ...doubleCollection,
        id: '00000000-0000-4000-8000-0000000000a4',
        kind: 'unknown_mandate_status',
        providerStatus: 'weird',
        lastError: null,
      },
      {
        ...doubleCollection,
        id: '00000000-0000-4000-8000-0000000000a5',
        refundUid: 'ref_made',
        refundStatus: 'completed',
        lastError: null,
      },
    ]);
    renderPage();
    await screen.findAllByTestId('incident-row');
    const rows = screen.getAllByTestId('incident-row').map((row) => row.textContent);
    expect(rows[0]).toContain('Provider named another amount');
    expect(rows[0]).toContain('Needs a decision');
    expect(rows[1]).toContain('More given back than paid');
    expect(rows[2]).toContain('Unknown mandate status');
    expect(rows[2]).toContain('Mandate answered “weird”');
    expect(rows[3]).toContain('Month collected twice');
    expect(rows[3]).toContain('Refunded');
    expect(rows[3]).not.toContain('Last error');
  });
});
