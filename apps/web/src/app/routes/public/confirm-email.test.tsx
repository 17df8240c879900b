import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailStatus } from '@/features/privacy/components/email-status';
import { setLanguage } from '@/lib/i18n';
import { apiPath, noContent, setupApiServer } from '@/test/api-server';
import { render } from '@/test/render';
import ConfirmEmailPage from './confirm-email';

// The two confirmation calls answer 204, as the API does.
const api = setupApiServer(
  http.post(apiPath('users/email-confirmation'), () => noContent()),
  http.post(apiPath('users/me/email-confirmation'), () => noContent()),
);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/confirm-email', element: <ConfirmEmailPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

/** The link of the "confirm your e-mail address" mail, and the account page's badge (decision 061). */
describe('confirming an e-mail address', () => {
  afterEach(() => setLanguage('en'));

  it('confirms with the link’s token and says so (en)', async () => {
    renderAt('/confirm-email?token=the.signed.token');
    expect(
      await screen.findByText(
        'Your e-mail address is confirmed. The tips you gave with it without logging in are now part of your data.',
      ),
    ).toBeTruthy();
    expect(await api.requests()).toEqual([
      { method: 'POST', path: 'users/email-confirmation', body: { data: { token: 'the.signed.token' } } },
    ]);
  });

  it('says a link without its token does not work, and asks nothing (nl)', async () => {
    setLanguage('nl');
    renderAt('/confirm-email');
    expect(await screen.findByText(/Deze link werkt niet \(meer\)/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bevestig je e-mailadres' })).toBeTruthy();
    expect(screen.getByText('Inloggen')).toBeTruthy();
    expect(await api.requests()).toEqual([]);
  });

  it('shows an unconfirmed address with "send the link again" (en), which mails a new link', async () => {
    render(<EmailStatus user={{ email: 'an@example.com', emailVerified: false }} />);
    expect(await screen.findByText('E-mail address not confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({ method: 'POST', path: 'users/me/email-confirmation', body: {} }),
    );
  });

  it('shows a confirmed address without the button, and an unconfirmed one, in Dutch', async () => {
    setLanguage('nl');
    render(<EmailStatus user={{ email: 'an@example.com', emailVerified: true }} />);
    expect(await screen.findByText('E-mailadres bevestigd')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stuur de link opnieuw' })).toBeNull();
    render(<EmailStatus user={{ email: 'an@example.com', emailVerified: false }} />);
    expect(await screen.findByText('E-mailadres niet bevestigd')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stuur de link opnieuw' })).toBeTruthy();
  });
});
