import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import { i18n, setLanguage } from '@/lib/i18n';
import { apiPath, setupApiServer } from '@/test/api-server';
import { cleanup, renderWithQueries } from '@/test/render';
import { TipjarGoalForm } from './tipjar-goal-form';

const tipjar = { id: '00000000-0000-4000-8000-000000000001', slug: 'my-pod', goal: null } as BackofficeTipjar;

const api = setupApiServer();

/** What the page sent: every PUT of the tip jar. */
async function puts() {
  return (await api.requests()).filter((request) => request.method === 'PUT');
}

function renderForm(path: string) {
  renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <TipjarGoalForm tipjar={tipjar} />
    </MemoryRouter>,
  );
}

// As the refund dialog's test: the first MUI form render in jsdom takes seconds on the shared machine.
describe('TipjarGoalForm (backoffice settings)', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('refuses an amount out of range with its limits in euros, then saves the goal in cents', async () => {
    api.server.use(
      http.put(apiPath('tipjars/:id'), () =>
        HttpResponse.json({ ...tipjar, goal: { kind: 'AMOUNT', target: 25_000 } }),
      ),
    );
    renderForm('/backoffice/my-pod/settings');
    fireEvent.click(await screen.findByRole('radio', { name: 'An amount per month' }));
    const amount = await screen.findByRole('textbox', { name: /Amount per month/ });
    fireEvent.change(amount, { target: { value: '0,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('The monthly goal must be between €1.00 and €1,000,000.00')).toBeTruthy();
    expect(await puts()).toEqual([]);
    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    await waitFor(async () =>
      expect(await puts()).toContainEqual({
        method: 'PUT',
        path: `tipjars/${tipjar.id}`,
        body: { data: { goal: { kind: 'AMOUNT', target: 25_000 } } },
      }),
    );
  });

  it('says it in Dutch for a number of monthly tippers, and clears the goal with "no goal"', async () => {
    await i18n.changeLanguage('nl');
    api.server.use(http.put(apiPath('tipjars/:id'), () => HttpResponse.json(tipjar)));
    renderForm('/nl/backoffice/my-pod/settings');
    fireEvent.click(await screen.findByRole('radio', { name: 'Een aantal maandelijkse fooigevers' }));
    const count = await screen.findByRole('textbox', { name: /Maandelijkse fooigevers/ });
    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doel opslaan' }));
    expect(await screen.findByText('Het doel moet tussen 1 en 100.000 maandelijkse fooigevers liggen')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Geen doel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Doel opslaan' }));
    await waitFor(async () =>
      expect(await puts()).toContainEqual({
        method: 'PUT',
        path: `tipjars/${tipjar.id}`,
        body: { data: { goal: null } },
      }),
    );
  });
});
