import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, noContent, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { DeleteTipjarDialog } from './delete-tipjar-dialog';

const api = setupApiServer();

/** GET tipjars/{id}/deletion answers `answer`; DELETE tipjars/{id} answers 204. */
function answerDeletion(answer: object) {
  api.server.use(
    http.get(apiPath('tipjars/:id/deletion'), () => HttpResponse.json(answer)),
    http.delete(apiPath('tipjars/:id'), () => noContent()),
  );
}

const tipjar = { id: '00000000-0000-4000-8000-000000000001', name: 'My Pod' };

function renderDialog(onDone = vi.fn()) {
  renderWithQueries(<DeleteTipjarDialog tipjar={tipjar} onClose={() => {}} onDone={onDone} />);
  return onDone;
}

describe('DeleteTipjarDialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('en');
  });

  it('asks first, then says a tip jar with payments will be archived and archives it', async () => {
    answerDeletion({ deletion: 'archive', monthlyTipsToCancel: 3 });
    const shown = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
    const onDone = renderDialog();
    expect(
      await screen.findByText(
        'Podpot My Pod has payments, so it will be archived: hidden and no longer tippable, its 3 monthly tips cancelled (the tippers are told), its records kept.',
      ),
    ).toBeTruthy();
    expect(await api.requests()).toContainEqual(
      expect.objectContaining({ method: 'GET', path: `tipjars/${tipjar.id}/deletion` }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(async () =>
      expect(await api.requests()).toContainEqual({ method: 'DELETE', path: `tipjars/${tipjar.id}`, body: undefined }),
    );
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: 'Podpot archived' })));
    expect(onDone).toHaveBeenCalledWith('archive');
  });

  it('says a tip jar without payments will be deleted', async () => {
    answerDeletion({ deletion: 'delete', monthlyTipsToCancel: 0 });
    renderDialog();
    expect(
      await screen.findByText('Podpot My Pod has no payments and will be deleted. This cannot be undone.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('cannot be confirmed before the answer is in', async () => {
    api.server.use(http.get(apiPath('tipjars/:id/deletion'), () => delay('infinite')));
    renderDialog();
    expect(await screen.findByText('Checking what deleting will do…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Dutch', async () => {
    setLanguage('nl');
    await waitFor(() => expect(i18n.language).toBe('nl'));
    answerDeletion({ deletion: 'archive', monthlyTipsToCancel: 1 });
    renderDialog();
    expect(
      await screen.findByText(
        'Podpot My Pod heeft betalingen en wordt daarom gearchiveerd: verborgen en niet meer te gebruiken voor fooien, de maandelijkse fooi wordt stopgezet (de fooigever krijgt bericht), de gegevens blijven bewaard.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archiveren' })).toBeTruthy();
  });
});
