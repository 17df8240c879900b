import type { Tip } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { cleanup, renderWithQueries } from '@/test/render';
import { RefundDialog } from './refund-dialog';

const api = setupApiServer();

/** The refunds the dialog sent. */
async function refunds() {
  return (await api.requests()).filter((request) => request.method === 'POST');
}

const tip: Tip = {
  id: '00000000-0000-4000-8000-0000000000a1',
  tipjarId: '00000000-0000-4000-8000-0000000000b1',
  amount: 1000,
  fee: 50,
  refundedAmount: 250,
  refundedFee: 12,
  status: 'completed',
  privacy: 'NAME_AND_AMOUNT',
  displayName: 'Lotte',
  message: '',
  messageShown: false,
  paymentMethod: 'ideal',
  recurringTipId: null,
  created: '2026-04-12T08:00:00.000Z',
  updated: '2026-04-12T08:00:00.000Z',
};

/** The dialog on the admin tips page, in English or under /nl. */
function open(prefix = '') {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [{ path: `${prefix}/admin/tips`, element: <RefundDialog tip={tip} open onClose={onClose} /> }],
    { initialEntries: [`${prefix}/admin/tips`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return onClose;
}

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

// The first render loads MUI and the catalogs, slow on a busy 2-core machine.
describe('the admin refund dialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('refunds a part after a confirmation, once, with one Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    api.server.use(
      http.post(apiPath('tips/:id/refunds'), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ id: 'r1', status: 'completed' });
      }),
    );
    const onClose = open();
    expect(await screen.findByText(/€7\.50 of this €10\.00 tip can still be refunded/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Part of it' }));
    type('Amount in euros', '2,50');
    type('Reason', 'Double tip');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Refund €2.50' });
    expect(await refunds()).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await refunds()).toEqual([
      { method: 'POST', path: `tips/${tip.id}/refunds`, body: { data: { amount: 250, reason: 'Double tip' } } },
    ]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('says in Dutch what is wrong with the fields, also when the API finds more than is left', async () => {
    setLanguage('nl');
    open('/nl');
    fireEvent.click(await screen.findByRole('radio', { name: 'Een deel' }));
    type('Bedrag in euro', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(await screen.findByText('Dit is meer dan er nog terug te betalen is')).toBeTruthy();
    expect(screen.getByText('Dit veld is verplicht')).toBeTruthy();
    expect(await refunds()).toEqual([]);

    // Someone else refunded meanwhile: the API's field error lands on the amount.
    api.server.use(
      http.post(apiPath('tips/:id/refunds'), () =>
        apiError({
          statusCode: 400,
          error: 'Bad Request',
          code: 'VALIDATION',
          message: 'At most 100 cents of this tip are left to refund',
          fields: { 'data.amount': { key: 'refundTooLarge', params: { max: 100 } } },
        }),
      ),
    );
    type('Bedrag in euro', '5');
    type('Reden', 'Dubbel');
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.click(await screen.findByRole('button', { name: /5,00 terugbetalen/ }));
    await waitFor(async () => expect(await refunds()).toHaveLength(1));
    expect(await screen.findByText('Dit is meer dan er nog terug te betalen is')).toBeTruthy();
  });
});
