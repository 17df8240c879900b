import { screen } from '@testing-library/dom';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '@/components/error-page';
import { setLanguage } from '@/lib/i18n';
import { render } from '@/test/render';

function renderPage(status: number) {
  render(
    <MemoryRouter>
      <ErrorPage status={status} />
    </MemoryRouter>,
  );
}

describe('ErrorPage: what happened and a way on, in the page language', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLanguage('en');
  });

  it('a 404 says the address may be wrong and leads home (the spec link) or back', async () => {
    renderPage(404);
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    expect(screen.getByText('The address may be mistyped, or the page has moved or been removed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('a 500 in Dutch says it went wrong on our side and offers to try again or go home', async () => {
    setLanguage('nl');
    renderPage(500);
    expect(await screen.findByLabelText('Foutcode 500')).toBeTruthy();
    expect(screen.getByText(/Er ging bij ons iets mis bij het tonen van deze pagina/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ga terug naar home' })).toBeTruthy();
  });

  it('offline, it says the page could not be loaded for want of a connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage(500);
    expect(await screen.findByText(/there is no connection/)).toBeTruthy();
  });

  it('a 403 says there is no access', async () => {
    renderPage(403);
    expect(await screen.findByText(/You have no access to this page/)).toBeTruthy();
  });
});
