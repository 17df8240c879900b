import type { FeedRefreshState } from '@podpot/domain';
import { screen } from '@testing-library/dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { cleanup, render } from '@/test/render';
import { FeedStatus } from './feed-status';

const read: FeedRefreshState = {
  lastFetchedAt: '2026-11-20T09:30:00.000Z',
  failures: 0,
  stoppedAt: null,
  episodeCount: 3,
  fundingLinked: true,
};

/** The feed's state on the Share page, in English or under /nl. */
function show(feed: FeedRefreshState | null, prefix = '') {
  setLanguage(prefix ? 'nl' : 'en');
  const router = createMemoryRouter([{ path: `${prefix}/share`, element: <FeedStatus feed={feed} /> }], {
    initialEntries: [`${prefix}/share`],
  });
  render(<RouterProvider router={router} />);
}

describe('the feed status on the Share page', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('says the feed links to Podpot, and when it was last read', async () => {
    show(read);
    expect((await screen.findByTestId('funding-linked')).textContent).toBe('Your feed links to Podpot ✓');
    expect(screen.getByTestId('feed-last-read').textContent).toMatch(/^Feed last read 20 Nov 2026, .+: 3 episodes\.$/);
    expect(screen.queryByTestId('feed-stopped')).toBeNull();
  });

  it('asks to paste the tag when the feed lacks it, and says nothing is checked before the first read', async () => {
    show({ ...read, fundingLinked: false });
    expect((await screen.findByTestId('funding-not-linked')).textContent).toContain('Paste it into your feed');
    cleanup();
    show({ ...read, fundingLinked: null, lastFetchedAt: null, episodeCount: 0 });
    expect((await screen.findByTestId('funding-unchecked')).textContent).toContain('Not checked yet');
    expect(screen.queryByTestId('funding-linked')).toBeNull();
    expect(screen.getByTestId('feed-last-read').textContent).toContain('has not been read yet');
  });

  it('counts failed reads, and says what to do once the refresh stopped', async () => {
    show({ ...read, failures: 2 });
    expect((await screen.findByTestId('feed-failing')).textContent).toContain('The last 2 reads of your feed failed');
    cleanup();
    show({ ...read, failures: 5, stoppedAt: '2026-11-21T10:00:00.000Z' }, '/nl');
    const stopped = await screen.findByTestId('feed-stopped');
    expect(stopped.textContent).toContain('We zijn op 21 nov 2026');
    expect(stopped.textContent).toContain('na 5 mislukte pogingen op rij');
    expect(stopped.textContent).toContain('sla het daarna opnieuw op bij Instellingen');
    expect(screen.queryByTestId('feed-failing')).toBeNull();
  });

  it('points to the settings while no feed address is saved', async () => {
    show(null);
    expect((await screen.findByTestId('feed-status')).textContent).toContain('add it in Settings');
  });
});
