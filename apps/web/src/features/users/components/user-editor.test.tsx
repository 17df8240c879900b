import type { User } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, noContent, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { UserEditor } from './user-editor';

// Sending a reset link answers 204, as the API does.
const api = setupApiServer(http.post(apiPath('users/:id/password-reset'), () => noContent()));

const USER: User = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'anna@example.test',
  role: 'USER',
  locale: 'nl',
  profile: { firstName: 'Anna', lastName: 'Jansen', phoneNumber: null },
  address: null,
  tipjars: [],
  created: '2026-01-01T00:00:00.000Z',
  twoStepEnabled: false,
  emailVerified: true,
  archivedAt: null,
};

function renderEditor(user: User | undefined) {
  const router = createMemoryRouter([{ path: '*', element: <UserEditor user={user} /> }], {
    initialEntries: ['/admin/users/x'],
  });
  renderWithQueries(<RouterProvider router={router} />);
}

/** Issue 33: an admin never sets a user's password; the user page sends a reset link instead. */
describe("the admin's user page and the user's password", { timeout: 20_000 }, () => {
  let shown: MockInstance<typeof notifications.notify>;
  beforeEach(() => {
    shown = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('en');
  });

  for (const [language, texts] of [
    [
      'en',
      {
        password: /^Password/,
        send: 'Send a password reset link',
        done: 'A password reset link was sent to anna@example.test',
      },
    ],
    [
      'nl',
      {
        password: /^Wachtwoord/,
        send: 'Link voor nieuw wachtwoord sturen',
        done: 'Link voor een nieuw wachtwoord verstuurd naar anna@example.test',
      },
    ],
  ] as const) {
    it(`has no password field for an existing user, and sends a reset link after a confirmation (${language})`, async () => {
      setLanguage(language);
      renderEditor(USER);
      await screen.findByRole('button', { name: texts.send });
      expect(screen.queryByLabelText(texts.password, { selector: 'input' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: texts.send }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('anna@example.test');
      fireEvent.click(within(dialog).getByRole('button', { name: texts.send }));
      await waitFor(async () =>
        expect(await api.requests()).toContainEqual({
          method: 'POST',
          path: `users/${USER.id}/password-reset`,
          body: undefined,
        }),
      );
      await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: texts.done })));
    });
  }

  it('still asks a password for a new user (the admin creates the account)', async () => {
    renderEditor(undefined);
    expect(await screen.findByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a password reset link' })).toBeNull();
  });
});
