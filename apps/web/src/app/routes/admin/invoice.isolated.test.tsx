import type { Invoice } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { render } from '@/test/render';

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
const del = vi.fn();
const downloadFile = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => del(...args),
  },
  downloadFile: (...args: unknown[]) => downloadFile(...args),
}));

const { default: AdminInvoicePage } = await import('./invoice');

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

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/invoices/:invoiceid', element: <AdminInvoicePage /> },
      { path: '/admin/invoices', element: <p>invoices list</p> },
    ],
    { initialEntries: [`/admin/invoices/${draft.id}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('admin invoice page', () => {
  beforeEach(() => {
    for (const fn of [get, post, put, del, downloadFile]) fn.mockReset();
  });

  it('shows lines and totals of a draft and sends it with the toast', async () => {
    get.mockResolvedValue(draft);
    const shown = vi.spyOn(notifications, 'notify');
    renderPage();
    expect(await screen.findByText('Platform fee on 3 tips in 2026-03')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toContain('1.06');
    // A draft cannot be marked paid.
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    post.mockResolvedValue({ ...draft, status: 'sent' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`invoices/${draft.id}/send`, {}));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Invoice sent' })));
  });

  it('deletes a draft after confirming and goes back to the list', async () => {
    get.mockResolvedValue(draft);
    del.mockResolvedValue(undefined);
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete invoice 2026-0007?')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Delete' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(del).toHaveBeenCalledWith(`invoices/${draft.id}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invoices'));
  });

  it('marks a sent invoice paid and downloads the PDF', async () => {
    get.mockResolvedValue({ ...draft, status: 'sent', sentAt: '2026-04-02T00:00:00.000Z' });
    put.mockResolvedValue({ ...draft, status: 'paid' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(`invoices/${draft.id}`, { data: { status: 'paid' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(downloadFile).toHaveBeenCalledWith(`invoices/${draft.id}/download`, {
      filename: 'invoice-2026-0007.pdf',
    });
  });
});
