import { type ApiErrorBody, preloadPasswordStrength } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { render } from '@/test/render';
import PasswordResetPage from './password-reset';
import RegisterPage from './register';

const api = setupApiServer(
  // After registering, the page loads the new account; these tests stop at the registration itself.
  http.get(apiPath('users/me'), () =>
    apiError({ statusCode: 401, error: 'Unauthorized', code: 'UNAUTHORIZED', message: 'not in this test' }),
  ),
);

/** The registrations the page sent. */
async function registrations() {
  return (await api.requests()).filter((request) => request.path === 'users/register');
}

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: path.split('?')[0]!, element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

/** Types into the labelled field (found once the page has rendered). */
async function type(label: RegExp, value: string) {
  fireEvent.change(await screen.findByLabelText(label, { selector: 'input' }), { target: { value } });
}

/** Longer than the 150 ms validation delay (docs/product.md §5) and a strength check. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/**
 * The web forms run the domain's password strength rule live (before submit), with the en and nl
 * texts; the API's answer for the same rule lands on the same field.
 */
describe('new-password feedback', () => {
  // The dictionaries (megabytes) load once, up front, so the waits below only wait for the form.
  beforeAll(() => preloadPasswordStrength(), 60_000);
  vi.setConfig({ testTimeout: 20_000 });
  afterEach(() => setLanguage('en'));

  it('register (en): common, brand and own-name passwords are refused as you type, a strong one submits', async () => {
    renderAt('/register', <RegisterPage />);
    await type(/First name/, 'Marieke');
    await type(/Last name/, 'Vermeulen');
    await type(/E-mail address/, 'marieke@example.test');

    await type(/^Password/, '12345678');
    expect(await screen.findByText('This password is too common; choose one that is harder to guess')).toBeTruthy();
    await type(/^Password/, 'Podpot2024');
    expect(await screen.findByText('Do not build your password on the name Podpot')).toBeTruthy();
    await type(/^Password/, 'MariekeVermeulen');
    expect(await screen.findByText('Do not use your name or e-mail address in your password')).toBeTruthy();

    // Submitting a weak password does not call the API.
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(await registrations()).toEqual([]);

    await type(/^Password/, 'koffie-fiets-molen-42');
    await waitFor(() => expect(screen.getByText('At least 8 characters')).toBeTruthy());
    api.server.use(
      http.post(apiPath('users/register'), () =>
        HttpResponse.json({ access_token: 'x', token_type: 'bearer', expires_in: 60 }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(async () =>
      expect(await registrations()).toEqual([
        {
          method: 'POST',
          path: 'users/register',
          body: { data: expect.objectContaining({ password: 'koffie-fiets-molen-42' }) },
        },
      ]),
    );
  });

  it('register (nl): the same rule in Dutch; the length rule keeps its own message', async () => {
    setLanguage('nl');
    renderAt('/register', <RegisterPage />);
    await type(/^Wachtwoord/, 'podpot');
    expect(await screen.findByText('Minimaal 8 tekens')).toBeTruthy();
    await type(/^Wachtwoord/, 'wachtwoord');
    expect(
      await screen.findByText('Dit wachtwoord komt te vaak voor; kies er een dat moeilijker te raden is'),
    ).toBeTruthy();
    await type(/^Wachtwoord/, 'Podpot2024');
    expect(await screen.findByText('Bouw je wachtwoord niet op de naam Podpot')).toBeTruthy();
  });

  it("password reset (nl): shows the API's refusal on the field (the page cannot know the owner's name)", async () => {
    setLanguage('nl');
    const body: ApiErrorBody = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION',
      message: 'This password contains your name or e-mail address; choose one that is harder to guess',
      fields: { new_password: { key: 'passwordPersonal' } },
    };
    api.server.use(http.post(apiPath('auth/password-reset'), () => apiError(body)));
    renderAt('/password-reset?token=abcdefghijklmnop', <PasswordResetPage />);
    await type(/^Nieuw wachtwoord/, 'marieke-koffie-fiets-42');
    await type(/^Herhaal/, 'marieke-koffie-fiets-42');
    await settle(); // a person clicks after the live checks of their typing are done
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText('Gebruik je naam of e-mailadres niet in je wachtwoord')).toBeTruthy();
    expect(await api.requests()).toContainEqual({
      method: 'POST',
      path: 'auth/password-reset',
      body: { new_password: 'marieke-koffie-fiets-42', token: 'abcdefghijklmnop' },
    });
  });
});
