import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, noContent, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { DeleteUserDialog } from './delete-user-dialog';

const api = setupApiServer();

const user = { id: '00000000-0000-4000-8000-000000000002', email: 'fan@example.test' };

function renderDialog() {
  renderWithQueries(<DeleteUserDialog user={user} onClose={() => {}} />);
}

/** GET users/{id}/deletion answers `answer`; DELETE users/{id} answers 204. */
function answerDeletion(answer: object) {
  api.server.use(
    http.get(apiPath('users/:id/deletion'), () => HttpResponse.json(answer)),
    http.delete(apiPath('users/:id'), () => noContent()),
  );
}

describe('DeleteUserDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says a user with payment records will be archived and archives them', async () => {
    answerDeletion({ deletion: 'archive', monthlyTipsToCancel: 2, soleAdminOf: [] });
    const shown = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
    renderDialog();
    expect(
      await screen.findByText(
        'fan@example.test has payment records, so the account will be archived: they can no longer sign in, their 2 monthly tips are cancelled (they are told), their records are kept.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({ method: 'DELETE', path: `users/${user.id}`, body: undefined }),
    );
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'User archived' })));
  });

  it('names the tip jars the user alone administers and cannot be confirmed', async () => {
    answerDeletion({
      deletion: 'delete',
      monthlyTipsToCancel: 0,
      soleAdminOf: [{ id: '00000000-0000-4000-8000-000000000003', slug: 'solo', name: 'Solo Pod' }],
    });
    renderDialog();
    expect(
      await screen.findByText(
        'fan@example.test is the only admin of Solo Pod. Give it another admin, or delete that Podpot first.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await api.requests()).map((request) => request.method)).not.toContain('DELETE');
  });
});
