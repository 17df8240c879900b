import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { CreateInvoiceDialog, type InvoiceTipjarChoice } from './create-invoice-dialog';

const api = setupApiServer();

// Two tip jars of one name: only the slug and the status tell them apart.
const TIPJARS: InvoiceTipjarChoice[] = [
  { id: '00000000-0000-4000-8000-0000000000a1', name: 'Koffiepod', slug: 'koffiepod', status: 'LIVE' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'Koffiepod', slug: 'koffiepod-2', status: 'SUSPENDED' },
];

function renderDialog(prefix: '' | '/nl' = '') {
  if (prefix) setLanguage('nl');
  const router = createMemoryRouter(
    [
      {
        path: `${prefix}/admin/invoices`,
        element: <CreateInvoiceDialog open onClose={() => {}} defaultPeriod="2026-02" tipjars={TIPJARS} />,
      },
    ],
    { initialEntries: [`${prefix}/admin/invoices`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

async function pick(option: RegExp) {
  fireEvent.mouseDown(await screen.findByRole('combobox'));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('CreateInvoiceDialog (issue 39.8)', () => {
  afterEach(() => setLanguage('en'));

  it('tells two tip jars of one name apart by slug and status', async () => {
    renderDialog();
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Koffiepod/koffiepod · Live',
      'Koffiepod/koffiepod-2 · Suspended',
    ]);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(screen.getByRole('combobox').textContent).toBe('Koffiepod (/koffiepod-2)'));
  });

  it('shows why the API refused a month without fees, in Dutch', async () => {
    api.server.use(
      http.post(apiPath('tipjars/:id/invoices'), () =>
        apiError({
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION',
          message: 'Een factuur van € 0,00 wordt niet gemaakt: er is niets te factureren',
          fields: { 'data.period': { key: 'invoiceEmpty' } },
        }),
      ),
    );
    renderDialog('/nl');
    await pick(/koffiepod-2/);
    fireEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Een factuur van € 0,00 wordt niet gemaakt: er is niets te factureren',
    );
    expect(await api.requests()).toContainEqual({
      method: 'POST',
      path: `tipjars/${TIPJARS[1]!.id}/invoices`,
      body: { data: { period: '2026-02' } },
    });
  });

  it('offers no month after the last finished one', async () => {
    renderDialog();
    expect((await screen.findByLabelText('Month')).getAttribute('max')).toBe('2026-02');
  });
});
