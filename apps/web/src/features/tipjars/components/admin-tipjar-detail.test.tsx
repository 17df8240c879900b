import type { Tipjar } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { AdminTipjarDetail } from './admin-tipjar-detail';

const tipjar = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'My Pod',
  slug: 'my-pod',
  status: 'LIVE',
  active: true,
  archivedAt: null,
  type: 'CONSUMER',
  email: 'pod@example.com',
  phoneNumber: null,
  oppMerchant: null,
  addons: [],
  admins: [],
  created: '2026-01-01T00:00:00.000Z',
} as unknown as Tipjar;

const api = setupApiServer();

async function puts() {
  return (await api.requests()).filter((request) => request.method === 'PUT');
}

/** Picks `status` in the "New status" select and presses "Change status". */
async function choose(status: string, change = 'Change status') {
  fireEvent.mouseDown(await screen.findByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: status }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: change }));
  return screen.findByRole('dialog');
}

describe('AdminTipjarDetail: a status change is confirmed first', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('en');
  });

  it('names the effect; cancel sends nothing, confirm changes the status', async () => {
    api.server.use(http.put(apiPath('tipjars/:id'), () => HttpResponse.json({ ...tipjar, status: 'SUSPENDED' })));
    const shown = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
    renderWithQueries(
      <MemoryRouter>
        <AdminTipjarDetail tipjar={tipjar} merchant={null} />
      </MemoryRouter>,
    );
    let dialog = await choose('Suspended');
    expect(within(dialog).getByText('Change the status of My Pod to Suspended?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Its public page /my-pod goes offline at once: listeners cannot tip until it is Live again.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await puts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(async () =>
      expect(await puts()).toEqual([
        { method: 'PUT', path: `tipjars/${tipjar.id}`, body: { data: { status: 'SUSPENDED' } } },
      ]),
    );
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'success' })));
  });

  it('says it in Dutch on a Dutch page', async () => {
    setLanguage('nl');
    renderWithQueries(
      <MemoryRouter>
        <AdminTipjarDetail tipjar={tipjar} merchant={null} />
      </MemoryRouter>,
    );
    const dialog = await choose('Gedeactiveerd', 'Status wijzigen');
    expect(within(dialog).getByText('Status van My Pod wijzigen naar Gedeactiveerd?')).toBeTruthy();
    expect(within(dialog).getByText(/gaat meteen en voorgoed offline/)).toBeTruthy();
    expect(await puts()).toEqual([]);
  });
});
