import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { apiPath, setupApiServer } from '@/test/api-server';
import { cleanup, renderWithQueries } from '@/test/render';
import { TipjarLevelsEditor } from './tipjar-levels-editor';

const tipjarId = '00000000-0000-4000-8000-000000000001';
const producer = {
  id: '00000000-0000-4000-8000-0000000000aa',
  amount: 1000,
  name: 'Producer',
  perk: 'bonusfeed',
  unlocksFeed: true,
};
const api = setupApiServer();

async function puts() {
  return (await api.requests()).filter((request) => request.method === 'PUT');
}

function renderEditor() {
  renderWithQueries(
    <MemoryRouter>
      <TipjarLevelsEditor tipjarId={tipjarId} />
    </MemoryRouter>,
  );
}

describe('TipjarLevelsEditor (backoffice settings)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('explains levels when there are none, refuses two equal amounts on the second row, then saves in cents', async () => {
    api.server.use(
      http.get(apiPath('tipjars/:id/levels'), () => HttpResponse.json({ data: [] })),
      http.put(apiPath('tipjars/:id/levels'), () => HttpResponse.json({ data: [producer] })),
    );
    renderEditor();
    expect(await screen.findByText(/Levels give your monthly supporters something back/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a level' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a level' }));
    const amounts = await screen.findAllByRole('textbox', { name: /Amount per month/ });
    expect(amounts).toHaveLength(2);
    const names = screen.getAllByRole('textbox', { name: /Name/ });
    fireEvent.change(amounts[0]!, { target: { value: '10' } });
    fireEvent.change(names[0]!, { target: { value: 'Producer' } });
    fireEvent.change(amounts[1]!, { target: { value: '10,00' } });
    fireEvent.change(names[1]!, { target: { value: 'Fan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save levels' }));
    expect(await screen.findByText('Another level has this amount already')).toBeTruthy();
    expect(await puts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Fan' }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: /Amount per month/ })).toHaveLength(1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unlocks the bonus feed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save levels' }));
    await waitFor(async () =>
      expect(await puts()).toContainEqual({
        method: 'PUT',
        path: `tipjars/${tipjarId}/levels`,
        body: { data: [{ amount: 1000, name: 'Producer', perk: '', unlocksFeed: true }] },
      }),
    );
  });

  it('asks before removing a saved level, in Dutch', async () => {
    await i18n.changeLanguage('nl');
    api.server.use(http.get(apiPath('tipjars/:id/levels'), () => HttpResponse.json({ data: [producer] })));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Producer verwijderen' }));
    expect(await screen.findByRole('dialog', { name: 'Het niveau Producer verwijderen?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Naam/ })).toBeNull());
  });
});
