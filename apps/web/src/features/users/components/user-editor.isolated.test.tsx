import type { User } from '@podpot/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { render } from '@/test/render';

const post = vi.fn();
const put = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: {
    get: vi.fn(),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: vi.fn(),
  },
}));

const notifySuccess = vi.fn();
vi.mock('@/lib/notifications', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  notifySuccess: (text: string) => notifySuccess(text),
}));

const { UserEditor } = await import('./user-editor');

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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Issue 33: an admin never sets a user's password; the user page sends a reset link instead. */
describe("the admin's user page and the user's password", { timeout: 20_000 }, () => {
  beforeEach(() => {
    post.mockReset().mockResolvedValue(undefined);
    notifySuccess.mockReset();
    put.mockReset();
  });
  afterEach(() => setLanguage('en'));

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
      await waitFor(() => expect(post).toHaveBeenCalledWith(`users/${USER.id}/password-reset`));
      await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(texts.done));
    });
  }

  it('still asks a password for a new user (the admin creates the account)', async () => {
    renderEditor(undefined);
    expect(await screen.findByLabelText(/^Password/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a password reset link' })).toBeNull();
  });
});
