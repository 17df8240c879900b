import type { SupporterFeed } from '@podpot/domain';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPath, setupApiServer } from '@/test/api-server';
import { activeRecurringTip } from '@/test/recurring-tip';
import { renderWithQueries } from '@/test/render';
import AccountRecurringtipsPage from './account-recurringtips';

/** A manage link's page: the monthly tip and its private feed card, side by side (issue 40). */

const active = activeRecurringTip({ amount: 1000 });
const TIP = active.id;
const URL = 'https://podpot.test/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.xml';

const api = setupApiServer();

describe('the manage link page', { timeout: 20_000 }, () => {
  it('reads the private feed again after a pause: the card says the support has ended', async () => {
    // The API as it behaves: a pause ends the feed (bonus.access.ts), and the tip answers paused.
    let tip = active;
    let feed: SupporterFeed = { state: 'open', url: URL, flaggedAt: null, qrSvg: '<svg/>' };
    api.server.use(
      http.get(apiPath('user/me/recurringtips/:id'), () => HttpResponse.json(tip)),
      http.get(apiPath('user/me/recurringtips/:id/feed'), () => HttpResponse.json(feed)),
      http.put(apiPath('user/me/recurringtips/:id'), () => {
        tip = { ...active, status: 'paused' };
        feed = { ...feed, state: 'ended' };
        return HttpResponse.json(tip);
      }),
    );
    const path = '/account/recurringtips/:recurringtipid';
    const router = createMemoryRouter([{ path, element: <AccountRecurringtipsPage /> }], {
      initialEntries: [`/account/recurringtips/${TIP}?token=link-token`],
    });
    renderWithQueries(<RouterProvider router={router} />);

    const card = await screen.findByTestId('supporter-feed');
    expect(card.getAttribute('data-state')).toBe('open');
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.getByTestId('supporter-feed').getAttribute('data-state')).toBe('ended'));
    expect(screen.getByTestId('supporter-feed').textContent).toContain('Your support of De Koffiepod has ended');
    const feedReads = (await api.requests()).filter(
      (r) => r.method === 'GET' && r.path.includes('/feed?token=link-token'),
    );
    expect(feedReads.length).toBeGreaterThanOrEqual(2);
  });
});
