import type { RecurringTip } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { activeRecurringTip } from '@/test/recurring-tip';
import { renderWithQueries } from '@/test/render';
import { RecurringTipDetail } from './recurring-tip-detail';

const tip = activeRecurringTip();

/** The API's answer to the manage link raising the amount (recurring-tips.service). */
const loginRequired = () =>
  apiError({
    statusCode: 403,
    error: 'Forbidden',
    code: 'LOGIN_REQUIRED',
    message: 'Log in to raise a monthly tip; the link can lower, pause or cancel it',
  });

const api = setupApiServer();

/** GET user/me/recurringtips/{id} answers `answer`. */
function answerTip(answer: RecurringTip) {
  api.server.use(http.get(apiPath('user/me/recurringtips/:id'), () => HttpResponse.json(answer)));
}

/** The changes the page sent. */
async function puts() {
  return (await api.requests()).filter((request) => request.method === 'PUT');
}

/** The manage page as the link in a mail opens it: /account/recurringtips/{id}?token=… (no login). */
function openManageLink(prefix = '') {
  const path = `${prefix}/account/recurringtips/:recurringtipid`;
  const router = createMemoryRouter(
    [{ path, element: <RecurringTipDetail id={tip.id} token="link-token" checkout={() => null} /> }],
    { initialEntries: [`${prefix}/account/recurringtips/${tip.id}?token=link-token`] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

async function changeAmount(label: string, submit: string, value: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: label }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

// The first render loads MUI and the catalogs, slow on a busy 2-core machine.
describe('the monthly tip opened with a manage link', { timeout: 20_000 }, () => {
  beforeEach(() => answerTip(tip));
  afterEach(() => setLanguage('en'));

  it('says that raising the amount needs a login, with a link to log in', async () => {
    api.server.use(http.put(apiPath('user/me/recurringtips/:id'), () => loginRequired()));
    openManageLink();
    await changeAmount('New amount per month', 'Change amount', '10');
    await waitFor(async () => expect(await puts()).toHaveLength(1));
    const notice = await screen.findByTestId('recurringtip-login-needed');
    expect(notice.textContent).toContain('To raise the amount, please log in.');
    expect(notice.textContent).toContain('you can lower, pause, resume or cancel this monthly tip');
    // The signed-in page of this monthly tip (its route asks a visitor to log in, then comes back).
    const login = screen.getByRole('link', { name: 'Log in to raise it' });
    expect(login.getAttribute('href')).toBe(`/account/recurringtips/${tip.id}`);
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('says it in Dutch under /nl, with the Dutch login link', async () => {
    setLanguage('nl');
    api.server.use(http.put(apiPath('user/me/recurringtips/:id'), () => loginRequired()));
    openManageLink('/nl');
    await changeAmount('Nieuw bedrag per maand', 'Bedrag wijzigen', '10');
    const notice = await screen.findByTestId('recurringtip-login-needed');
    expect(notice.textContent).toContain('Log in om het bedrag te verhogen.');
    const login = screen.getByRole('link', { name: 'Inloggen om te verhogen' });
    expect(login.getAttribute('href')).toBe(`/nl/account/recurringtips/${tip.id}`);
  });

  it('still lowers and pauses through the link, without the login notice', async () => {
    api.server.use(
      http.put(apiPath('user/me/recurringtips/:id'), async ({ request }) => {
        const body = (await request.json()) as { data: Partial<RecurringTip> };
        return HttpResponse.json({ ...tip, ...body.data });
      }),
    );
    openManageLink();
    await changeAmount('New amount per month', 'Change amount', '2');
    await waitFor(async () =>
      expect(await puts()).toContainEqual({
        method: 'PUT',
        path: `user/me/recurringtips/${tip.id}?token=link-token`,
        body: { data: { amount: 200 } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(async () =>
      expect(await puts()).toContainEqual(expect.objectContaining({ body: { data: { status: 'paused' } } })),
    );
    expect(screen.queryByTestId('recurringtip-login-needed')).toBeNull();
  });
});

describe('before the tipper types a new amount', { timeout: 20_000 }, () => {
  afterEach(() => setLanguage('en'));

  it('the manage link says what a change does: from the next debit (its date), lower only, raising needs a login', async () => {
    answerTip(tip);
    openManageLink();
    const rules = await screen.findByTestId('amount-rules');
    expect(rules.textContent).toContain('A new amount applies from the next debit, on 12 May 2026');
    expect(rules.textContent).toContain('lower the amount (to €3.00 or less)');
    expect(rules.textContent).toContain('to raise it, log in first');
    expect(await puts()).toHaveLength(0);
  });

  it('in Dutch under /nl', async () => {
    setLanguage('nl');
    answerTip(tip);
    openManageLink('/nl');
    const rules = await screen.findByTestId('amount-rules');
    expect(rules.textContent).toContain('vanaf de volgende afschrijving, op 12 mei 2026');
    expect(rules.textContent).toContain('om het te verhogen log je eerst in');
  });
});

describe('cancelling (stopping) a monthly tip', { timeout: 20_000 }, () => {
  it('asks in clear words with a way out that is not another "Cancel", and drops the pending amount once stopped', async () => {
    const changed: RecurringTip = { ...tip, nextAmount: 600 };
    answerTip(changed);
    api.server.use(
      http.put(apiPath('user/me/recurringtips/:id'), async ({ request }) => {
        const body = (await request.json()) as { data: Partial<RecurringTip> };
        const after = { ...changed, ...body.data };
        answerTip(after);
        return HttpResponse.json(after);
      }),
    );
    openManageLink();
    expect((await screen.findAllByText('€6.00 per month from next month')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel monthly tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop your monthly tip to De Koffiepod?' });
    expect(dialog.textContent).toContain('We will not collect any more payments for De Koffiepod');
    expect(screen.getByRole('button', { name: 'No, keep it' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, stop my monthly tip' }));
    await waitFor(() =>
      expect(screen.getByTestId('recurringtip-status').getAttribute('data-status')).toBe('cancelled'),
    );
    expect(screen.queryByText('€6.00 per month from next month')).toBeNull();
  });
});

describe('a monthly tip held for a check (the provider answered a mandate word we do not know)', {
  timeout: 20_000,
}, () => {
  const held: RecurringTip = {
    ...tip,
    mandate: { ...tip.mandate, status: 'held' },
    chargeDay: null,
    nextChargeAt: null,
  };
  beforeEach(() => answerTip(held));
  afterEach(() => setLanguage('en'));

  it('says so to the tipper, and asks for no new payment', async () => {
    openManageLink();
    expect((await screen.findByTestId('mandate-status')).textContent).toBe('Payment held for a check');
    const outcome = screen.getByTestId('recurringtip-outcome');
    expect(outcome.textContent).toContain('Your first payment is being checked by hand');
    expect(outcome.textContent).toContain('you do not need to pay again');
    expect(screen.queryByText('Set up the payment again')).toBeNull();
  });

  it('in Dutch under /nl', async () => {
    setLanguage('nl');
    openManageLink('/nl');
    expect((await screen.findByTestId('mandate-status')).textContent).toBe('Betaling aangehouden voor controle');
    expect(screen.getByTestId('recurringtip-outcome').textContent).toContain('je hoeft niet opnieuw te betalen');
  });
});
