import type { ApiErrorBody } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { render } from '@/test/render';

const get = vi.fn();
const post = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
}));

const { ApiError } = await import('@/lib/api-client');
const { TwoStepSection } = await import('./two-step-section');

function renderSection() {
  const router = createMemoryRouter([{ path: '*', element: <TwoStepSection /> }], { initialEntries: ['/account'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' };

/** Issue 33: turning two-step login on asks for the current password (a session alone is not enough). */
describe('setting up two-step login on the account page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue({ enabled: false, recoveryCodesLeft: 0 });
    post.mockReset();
  });
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
      post.mockResolvedValueOnce(SETUP);
      fireEvent.click(await screen.findByRole('button', { name: texts.start }));
      const confirm = await screen.findByRole('button', { name: texts.confirm });
      fireEvent.change(screen.getByRole('textbox', { name: texts.code }), { target: { value: '123456' } });
      // Not without the password.
      expect((confirm as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText(texts.password, { selector: 'input' }), {
        target: { value: 'not my password' },
      });
      post.mockRejectedValueOnce(
        new ApiError(400, {
          statusCode: 400,
          error: 'Bad Request',
          code: 'WRONG_PASSWORD',
          message: 'The password is wrong',
          fields: { 'data.password': { key: 'wrongPassword' } },
        } satisfies ApiErrorBody),
      );
      fireEvent.click(confirm);
      await waitFor(() =>
        expect(post).toHaveBeenLastCalledWith(
          'users/me/two-step/confirm',
          { data: { code: '123456', password: 'not my password' } },
          { silent: true },
        ),
      );
      expect(await screen.findByText(texts.wrong)).toBeTruthy();
    });
  }
});
