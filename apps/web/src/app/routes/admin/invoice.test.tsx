import type { Invoice } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, noContent, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import AdminInvoicePage from './invoice';

const draft: Invoice = {
  id: '00000000-0000-4000-8000-000000000009',
  number: '2026-0007',
  tipjarId: '00000000-0000-4000-8000-000000000001',
  tipjarName: 'My Pod',
  period: '2026-03',
  status: 'draft',
  lines: [{ description: 'Platform fee on 3 tips in 2026-03', quantity: 1, unitPriceExVat: 88, totalExVat: 88 }],
  totalExVat: 88,
  vat: 18,
  totalInclVat: 106,
  issuedAt: null,
  sentAt: null,
  created: '2026-04-01T00:00:00.000Z',
  updated: '2026-04-01T00:00:00.000Z',
};

const api = setupApiServer();

/** GET invoices/{id} answers `invoice`. */
function answerInvoice(invoice: Invoice) {
  api.server.use(http.get(apiPath('invoices/:id'), () => HttpResponse.json(invoice)));
}

function renderPage(prefix: '' | '/nl' = '') {
  if (prefix) setLanguage('nl');
  const router = createMemoryRouter(
    [
      { path: `${prefix}/admin/invoices/:invoiceid`, element: <AdminInvoicePage /> },
      { path: `${prefix}/admin/invoices`, element: <p>invoices list</p> },
    ],
    { initialEntries: [`${prefix}/admin/invoices/${draft.id}`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

describe('admin invoice page', () => {
  // The spies (toasts, the download's object URL and link) go with the test.
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('en');
  });

  it('shows lines and totals of a draft and sends it, once confirmed, with the toast', async () => {
    answerInvoice({ ...draft, recipientEmail: 'maker@mypod.test' });
    const shown = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText('Platform fee on 3 tips in 2026-03')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toContain('1.06');
    // A draft cannot be marked paid.
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    api.server.use(http.post(apiPath('invoices/:id/send'), () => HttpResponse.json({ ...draft, status: 'sent' })));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // Nothing is mailed before the admin confirms the effect, named with number, total and address.
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice 2026-0007?' });
    expect(dialog.textContent).toContain('This mails invoice 2026-0007 (€1.06) with its PDF to maker@mypod.test');
    expect((await api.requests()).some((r) => r.method === 'POST')).toBe(false);
    const sends = screen.getAllByRole('button', { name: 'Send' });
    fireEvent.click(sends[sends.length - 1]!);
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({ method: 'POST', path: `invoices/${draft.id}/send`, body: {} }),
    );
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Invoice sent' })));
  });

  it("words a paid order's line from its data, as the reader's language writes it", async () => {
    answerInvoice({
      ...draft,
      period: null,
      status: 'paid',
      lines: [
        {
          description: 'Podpot for My Pod',
          text: { key: 'order', product: 'Podpot', tipjar: 'My Pod' },
          quantity: 1,
          unitPriceExVat: 1240,
          totalExVat: 1240,
        },
      ],
      totalExVat: 1240,
      vat: 260,
      totalInclVat: 1500,
    });
    renderPage();
    expect(await screen.findByText('Podpot for My Pod')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toContain('15.00');
  });

  it('asks before sending in Dutch too, and cancelling sends nothing', async () => {
    answerInvoice({ ...draft, recipientEmail: 'maker@mypod.test' });
    renderPage('/nl');
    fireEvent.click(await screen.findByRole('button', { name: 'Verzenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007 versturen?' });
    expect(dialog.textContent).toMatch(/Dit mailt factuur 2026-0007 \(€\s1,06\) met de pdf naar maker@mypod\.test/);
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await api.requests()).some((r) => r.method === 'POST')).toBe(false);
  });

  it('deletes a draft after confirming and goes back to the list', async () => {
    answerInvoice(draft);
    api.server.use(http.delete(apiPath('invoices/:id'), () => noContent()));
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete invoice 2026-0007?')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Delete' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({ method: 'DELETE', path: `invoices/${draft.id}`, body: undefined }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invoices'));
  });

  it('marks a sent invoice paid and downloads the PDF', async () => {
    answerInvoice({ ...draft, status: 'sent', sentAt: '2026-04-02T00:00:00.000Z' });
    api.server.use(
      http.put(apiPath('invoices/:id'), () => HttpResponse.json({ ...draft, status: 'paid' })),
      http.get(
        apiPath('invoices/:id/download'),
        () => new HttpResponse('%PDF-', { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    // The browser saves the PDF through a link to an object URL (lib/api-client downloadFile).
    const saved = vi.fn();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download, this.getAttribute('href'));
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({
        method: 'PUT',
        path: `invoices/${draft.id}`,
        body: { data: { status: 'paid' } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('invoice-2026-0007.pdf', 'blob:invoice'));
    expect(await api.requests()).toContainEqual({
      method: 'GET',
      path: `invoices/${draft.id}/download`,
      body: undefined,
    });
  });
});
