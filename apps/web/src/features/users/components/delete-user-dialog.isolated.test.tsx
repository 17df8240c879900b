import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { render } from '@/test/render';

const get = vi.fn();
const del = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), delete: (...args: unknown[]) => del(...args) },
}));

const { DeleteUserDialog } = await import('./delete-user-dialog');

const user = { id: '00000000-0000-4000-8000-000000000002', email: 'fan@example.test' };

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeleteUserDialog user={user} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('DeleteUserDialog', () => {
  beforeEach(() => {
    get.mockReset();
    del.mockReset();
  });

  it('says a user with payment records will be archived and archives them', async () => {
    get.mockResolvedValue({ deletion: 'archive', monthlyTipsToCancel: 2, soleAdminOf: [] });
    del.mockResolvedValue(undefined);
    const shown = vi.spyOn(notifications, 'notify');
    renderDialog();
    expect(
      await screen.findByText(
        'fan@example.test has payment records, so the account will be archived: they can no longer sign in, their 2 monthly tips are cancelled (they are told), their records are kept.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith(`users/${user.id}`));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'User archived' })));
  });

  it('names the tip jars the user alone administers and cannot be confirmed', async () => {
    get.mockResolvedValue({
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
    expect(del).not.toHaveBeenCalled();
  });
});
