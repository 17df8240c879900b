import type { Tip } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { cleanup, render } from '@/test/render';

const post = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { get: vi.fn(), put: vi.fn(), post: (...args: unknown[]) => post(...args) },
}));

const { ApiError } = await import('@/lib/api-client');
const { RefundDialog } = await import('./refund-dialog');

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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return onClose;
}

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

// The first render loads MUI and the catalogs, slow on a busy 2-core machine.
describe('the admin refund dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    post.mockReset();
  });
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('refunds a part after a confirmation, once, with one Idempotency-Key', async () => {
    post.mockResolvedValue({ id: 'r1', status: 'completed' });
    const onClose = open();
    expect(await screen.findByText(/€7\.50 of this €10\.00 tip can still be refunded/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Part of it' }));
    type('Amount in euros', '2,50');
    type('Reason', 'Double tip');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Refund €2.50' });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledTimes(1);
    const [path, body, options] = post.mock.calls[0]!;
    expect(path).toBe(`tips/${tip.id}/refunds`);
    expect(body).toEqual({ data: { amount: 250, reason: 'Double tip' } });
    expect(options.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says in Dutch what is wrong with the fields, also when the API finds more than is left', async () => {
    setLanguage('nl');
    open('/nl');
    fireEvent.click(await screen.findByRole('radio', { name: 'Een deel' }));
    type('Bedrag in euro', '8');
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    expect(await screen.findByText('Dit is meer dan er nog terug te betalen is')).toBeTruthy();
    expect(screen.getByText('Dit veld is verplicht')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    // Someone else refunded meanwhile: the API's field error lands on the amount.
    post.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION',
        message: 'At most 100 cents of this tip are left to refund',
        fields: { 'data.amount': { key: 'refundTooLarge', params: { max: 100 } } },
      }),
    );
    type('Bedrag in euro', '5');
    type('Reden', 'Dubbel');
    fireEvent.click(screen.getByRole('button', { name: 'Verder' }));
    fireEvent.click(await screen.findByRole('button', { name: /5,00 terugbetalen/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Dit is meer dan er nog terug te betalen is')).toBeTruthy();
  });
});
