import { fireEvent, screen } from '@testing-library/dom';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { cleanup, renderWithQueries } from '@/test/render';
import { FeedVerification } from './feed-verification';

const api = setupApiServer();

const jar = {
  id: '00000000-0000-4000-8000-000000000009',
  rssUrl: 'https://feeds.example/pod.xml',
  feedVerified: false,
};

function show(status: 'LIVE' | 'AWAITING_PAYMENT', language: 'en' | 'nl' = 'en') {
  setLanguage(language);
  const path = language === 'nl' ? '/nl/settings' : '/settings';
  const router = createMemoryRouter([{ path, element: <FeedVerification tipjar={{ ...jar, status }} /> }], {
    initialEntries: [path],
  });
  renderWithQueries(<RouterProvider router={router} />);
}

/** Backoffice settings: why a code is not sent (decision 064), in English and Dutch. */
describe('feed ownership on the settings page', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('says verification waits for the payment, with no button to ask for a code', async () => {
    show('AWAITING_PAYMENT');
    expect((await screen.findByTestId('feed-verify-unpaid')).textContent).toContain(
      'Verification is available once your Podpot is paid',
    );
    expect(screen.queryByRole('button', { name: 'Verify ownership' })).toBeNull();
    cleanup();
    show('AWAITING_PAYMENT', 'nl');
    expect((await screen.findByTestId('feed-verify-unpaid')).textContent).toContain(
      'Bevestigen kan zodra je Podpot is betaald',
    );
  });

  it("shows the API's refusal: the owner address's codes for the day used up", async () => {
    api.server.use(
      http.post(apiPath('tipjars/:id/feed/verification'), () =>
        apiError({
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'RATE_LIMITED',
          message: 'Too many tries today; try again tomorrow',
          fields: { rssUrl: { key: 'feedCodesPerAddress' } },
        }),
      ),
    );
    show('LIVE', 'nl');
    fireEvent.click(await screen.findByRole('button', { name: 'Eigendom bevestigen' }));
    expect(await screen.findByText(/Het eigenaarsadres in je feed heeft vandaag al de meeste codes/)).toBeTruthy();
  });
});
