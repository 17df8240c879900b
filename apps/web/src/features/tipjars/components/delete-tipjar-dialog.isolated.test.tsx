import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { render } from '@/test/render';

const get = vi.fn();
const del = vi.fn();
vi.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), delete: (...args: unknown[]) => del(...args) },
}));

const { DeleteTipjarDialog } = await import('./delete-tipjar-dialog');

const tipjar = { id: '00000000-0000-4000-8000-000000000001', name: 'My Pod' };

function renderDialog(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeleteTipjarDialog tipjar={tipjar} onClose={() => {}} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('DeleteTipjarDialog', () => {
  beforeEach(() => {
    get.mockReset();
    del.mockReset();
  });
  afterEach(() => setLanguage('en'));

  it('asks first, then says a tip jar with payments will be archived and archives it', async () => {
    get.mockResolvedValue({ deletion: 'archive', monthlyTipsToCancel: 3 });
    del.mockResolvedValue(undefined);
    const shown = vi.spyOn(notifications, 'notify');
    const onDone = renderDialog();
    expect(
      await screen.findByText(
        'Podpot My Pod has payments, so it will be archived: hidden and no longer tippable, its 3 monthly tips cancelled (the tippers are told), its records kept.',
      ),
    ).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`tipjars/${tipjar.id}/deletion`, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith(`tipjars/${tipjar.id}`));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Podpot archived' })));
    expect(onDone).toHaveBeenCalledWith('archive');
  });

  it('says a tip jar without payments will be deleted', async () => {
    get.mockResolvedValue({ deletion: 'delete', monthlyTipsToCancel: 0 });
    renderDialog();
    expect(
      await screen.findByText('Podpot My Pod has no payments and will be deleted. This cannot be undone.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('cannot be confirmed before the answer is in', async () => {
    get.mockReturnValue(new Promise(() => {}));
    renderDialog();
    expect(await screen.findByText('Checking what deleting will do…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Dutch', async () => {
    setLanguage('nl');
    await waitFor(() => expect(i18n.language).toBe('nl'));
    get.mockResolvedValue({ deletion: 'archive', monthlyTipsToCancel: 1 });
    renderDialog();
    expect(
      await screen.findByText(
        'Podpot My Pod heeft betalingen en wordt daarom gearchiveerd: verborgen en niet meer te gebruiken voor fooien, de maandelijkse fooi wordt stopgezet (de fooigever krijgt bericht), de gegevens blijven bewaard.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archiveren' })).toBeTruthy();
  });
});
