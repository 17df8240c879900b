import type { ApiErrorBody } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { TwoStepSection } from './two-step-section';

function renderSection() {
  const router = createMemoryRouter([{ path: '*', element: <TwoStepSection /> }], { initialEntries: ['/account'] });
  renderWithQueries(<RouterProvider router={router} />);
}

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' };

// Two-step login is off; setting it up answers the secret, confirming it refuses the wrong password.
const api = setupApiServer(
  http.get(apiPath('users/me/two-step'), () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0 })),
  http.post(apiPath('users/me/two-step/setup'), () => HttpResponse.json(SETUP)),
  http.post(apiPath('users/me/two-step/confirm'), () =>
    apiError({
      statusCode: 400,
      error: 'Bad Request',
      code: 'WRONG_PASSWORD',
      message: 'The password is wrong',
      fields: { 'data.password': { key: 'wrongPassword' } },
    } satisfies ApiErrorBody),
  ),
);

/** Issue 33: turning two-step login on asks for the current password (a session alone is not enough). */
describe('setting up two-step login on the account page', { timeout: 20_000 }, () => {
  afterEach(() => setLanguage('en'));

  for (const [language, texts] of [
    [
      'en',
      {
        start: 'Set up two-step login',
        code: 'Code from the app',
        password: /^Password/,
        confirm: 'Confirm and turn on',
        wrong: 'The current password is incorrect.',
      },
    ],
    [
      'nl',
      {
        start: 'Inloggen in twee stappen aanzetten',
        code: 'Code uit de app',
        password: /^Wachtwoord/,
        confirm: 'Bevestigen en aanzetten',
        wrong: 'Het huidige wachtwoord klopt niet.',
      },
    ],
  ] as const) {
    it(`sends the code with the password, and says so when the password is wrong (${language})`, async () => {
      setLanguage(language);
      renderSection();
      fireEvent.click(await screen.findByRole('button', { name: texts.start }));
      const confirm = await screen.findByRole('button', { name: texts.confirm });
      fireEvent.change(screen.getByRole('textbox', { name: texts.code }), { target: { value: '123456' } });
      // Not without the password.
      expect((confirm as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText(texts.password, { selector: 'input' }), {
        target: { value: 'not my password' },
      });
      fireEvent.click(confirm);
      await waitFor(async () =>
        expect((await api.requests()).at(-1)).toEqual({
          method: 'POST',
          path: 'users/me/two-step/confirm',
          body: { data: { code: '123456', password: 'not my password' } },
        }),
      );
      expect(await screen.findByText(texts.wrong)).toBeTruthy();
    });
  }
});
