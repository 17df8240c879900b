import type { ApiErrorBody } from '@podpot/domain';
import { fireEvent, screen } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TwoStepSection } from '@/features/two-step/components/two-step-section';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import LoginPage from './login';

/** The API's answer when no configured key opens the user's TOTP secret (decision 045). */
const unavailable = (field: string) =>
  apiError({
    statusCode: 400,
    error: 'Bad Request',
    code: 'AUTHENTICATOR_UNAVAILABLE',
    message: 'Your authenticator code cannot be checked right now. Use one of your recovery codes, or contact support.',
    fields: { [field]: { key: 'authenticatorUnavailable' } },
  } satisfies ApiErrorBody);

const api = setupApiServer();

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
}

async function type(label: RegExp, value: string) {
  fireEvent.change(await screen.findByLabelText(label, { selector: 'input' }), { target: { value } });
}

/**
 * A user whose authenticator code the server cannot check (the key of two-step secrets changed) is told
 * what to do, in en and nl: at login, a recovery code; on the account page (where recovery codes do
 * not count), later or support.
 */
describe('an authenticator code the server cannot check', () => {
  afterEach(() => setLanguage('en'));

  for (const [language, texts] of [
    [
      'en',
      {
        email: /E-mail address/,
        password: /^Password/,
        logIn: 'Log in',
        code: /^Code/,
        confirm: 'Confirm',
        message:
          'Your authenticator code cannot be checked right now. Use one of your recovery codes, or contact support.',
      },
    ],
    [
      'nl',
      {
        email: /E-mailadres/,
        password: /^Wachtwoord/,
        logIn: 'Inloggen',
        code: /^Code/,
        confirm: 'Bevestigen',
        message:
          'Je code uit de authenticator-app kan nu niet worden gecontroleerd. Gebruik een van je herstelcodes, of neem contact op met support.',
      },
    ],
  ] as const) {
    it(`the login page's second step says to use a recovery code (${language})`, async () => {
      setLanguage(language);
      api.server.use(
        http.post(apiPath('auth/login'), () =>
          HttpResponse.json({ two_step: 'required', challenge: 'challenge', expires_in: 300 }),
        ),
        http.post(apiPath('auth/two-step'), () => unavailable('code')),
      );
      renderAt('/login', <LoginPage />);
      await type(texts.email, 'anna@example.test');
      await type(texts.password, 'correct horse battery');
      fireEvent.click(screen.getByRole('button', { name: texts.logIn }));
      await type(texts.code, '123456');
      fireEvent.click(screen.getByRole('button', { name: texts.confirm }));
      expect((await screen.findByRole('alert')).textContent).toBe(texts.message);
      expect(await api.requests()).toContainEqual({
        method: 'POST',
        path: 'auth/two-step',
        body: expect.objectContaining({ code: '123456' }),
      });
    });
  }

  it('the account page says to try later or contact support, in en and nl', async () => {
    api.server.use(
      http.get(apiPath('users/me/two-step'), () => HttpResponse.json({ enabled: true, recoveryCodesLeft: 8 })),
      http.post(apiPath('users/me/two-step/*'), () => unavailable('data.code')),
    );
    renderAt('/account', <TwoStepSection />);
    await type(/^Password/, 'correct horse battery');
    const offForm = screen.getByRole('form', { name: 'Turn off two-step login' });
    fireEvent.change(offForm.querySelector('input[name=off-code]')!, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-step login' }));
    expect(
      await screen.findByText(
        'Your authenticator code cannot be checked right now. Try again later, or contact support.',
      ),
    ).toBeTruthy();

    setLanguage('nl');
    const codesForm = await screen.findByRole('form', { name: 'Nieuwe herstelcodes' });
    fireEvent.change(codesForm.querySelector('input[name=regenerate-code]')!, { target: { value: '123456' } });
    fireEvent.click(codesForm.querySelector('button[type=submit]')!);
    expect(
      await screen.findByText(
        'Je code uit de authenticator-app kan nu niet worden gecontroleerd. Probeer het later opnieuw, of neem contact op met support.',
      ),
    ).toBeTruthy();
  });
});
