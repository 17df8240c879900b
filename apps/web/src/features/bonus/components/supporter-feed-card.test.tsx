import type { SupporterFeed } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { SupporterFeedCard } from './supporter-feed-card';

const TIP = '00000000-0000-4000-8000-0000000000a1';
const URL1 = 'https://podpot.test/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.xml';
const URL2 = 'https://podpot.test/feeds/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.xml';
// An SVG carrying a script: as an <img> it draws, and nothing in it runs.
const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const open: SupporterFeed = { state: 'open', url: URL1, flaggedAt: null, qrSvg: QR };

const api = setupApiServer();

function answer(feed: SupporterFeed) {
  api.server.use(http.get(apiPath('user/me/recurringtips/:id/feed'), () => HttpResponse.json(feed)));
}

function renderCard(prefix = '', token: string | null = null) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[`${prefix}/account/recurringtips/${TIP}`]}>
      <SupporterFeedCard recurringTipId={TIP} token={token} tipjar={{ name: 'De Koffiepod', slug: 'de-koffiepod' }} />
    </MemoryRouter>,
  );
}

describe('SupporterFeedCard (the supporter’s private feed)', { timeout: 20_000 }, () => {
  it('shows the address to copy, the four podcast apps, the QR code as an image, and makes a new address after a confirm', async () => {
    answer(open);
    api.server.use(
      http.post(apiPath('user/me/recurringtips/:id/feed/rotate'), () => HttpResponse.json({ ...open, url: URL2 })),
    );
    const { container } = renderCard();
    expect(await screen.findByRole('heading', { name: 'Your private feed' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Your feed address' }) as HTMLInputElement).value).toBe(URL1);
    const links = Object.fromEntries(
      ['Apple Podcasts', 'Pocket Casts', 'Overcast', 'AntennaPod'].map((name) => [
        name,
        screen.getByRole('link', { name }).getAttribute('href'),
      ]),
    );
    expect(links).toEqual({
      'Apple Podcasts': 'podcast://podpot.test/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.xml',
      'Pocket Casts': 'pktc://subscribe/podpot.test/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.xml',
      Overcast: `overcast://x-callback-url/add?url=${encodeURIComponent(URL1)}`,
      AntennaPod: `https://antennapod.org/deeplink/subscribe?url=${encodeURIComponent(URL1)}`,
    });
    const qr = screen.getByRole('img', { name: 'QR code of your feed address' }) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect(container.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new feed address?' });
    expect(dialog.textContent).toContain('The old address stops working in your apps');
    expect((await api.requests()).some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Make a new address' }).at(-1)!);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Your feed address' }) as HTMLInputElement).value).toBe(URL2),
    );
    expect((await api.requests()).filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `user/me/recurringtips/${TIP}/feed/rotate`,
    ]);
  });

  it('opened from the manage link in a mail (no login): reads and renews the address with its token, in Dutch', async () => {
    await i18n.changeLanguage('nl');
    answer(open);
    api.server.use(
      http.post(apiPath('user/me/recurringtips/:id/feed/rotate'), () => HttpResponse.json({ ...open, url: URL2 })),
    );
    renderCard('/nl', 'manage.link.token');
    expect(await screen.findByRole('heading', { name: 'Je privéfeed' })).toBeTruthy();
    const address = () => (screen.getByTestId('supporter-feed-url') as HTMLInputElement).value;
    expect(address()).toBe(URL1);
    fireEvent.click(screen.getByRole('button', { name: 'Nieuw adres maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Een nieuw feedadres maken?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nieuw adres maken' }));
    await waitFor(() => expect(address()).toBe(URL2));
    expect((await api.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET user/me/recurringtips/${TIP}/feed?token=manage.link.token`,
      `POST user/me/recurringtips/${TIP}/feed/rotate?token=manage.link.token`,
    ]);
    await i18n.changeLanguage('en');
  });

  it('warns when the address was seen from too many networks, and says in Dutch when the support has ended', async () => {
    await i18n.changeLanguage('nl');
    answer({ ...open, state: 'ended', flaggedAt: '2026-11-20T10:00:00.000Z' });
    renderCard('/nl');
    expect(await screen.findByRole('heading', { name: 'Je privéfeed' })).toBeTruthy();
    expect(screen.getByTestId('supporter-feed-flagged').textContent).toContain('20 nov 2026');
    expect(screen.getByText(/Je steun aan De Koffiepod is gestopt/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Je steun hervatten' }).getAttribute('href')).toBe('/nl/de-koffiepod');
    await i18n.changeLanguage('en');
  });

  it('shows nothing when the tip jar offers this tip no feed, or the feed is not this visitor’s', async () => {
    answer({ state: 'none', url: null, flaggedAt: null, qrSvg: null });
    const first = renderCard();
    await waitFor(async () => expect((await api.requests()).length).toBe(1));
    await waitFor(() => expect(first.container.querySelector('[role="progressbar"]')).toBeNull());
    expect(first.container.textContent).toBe('');

    api.server.use(
      http.get(apiPath('user/me/recurringtips/:id/feed'), () =>
        apiError({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' }),
      ),
    );
    const second = renderCard();
    await waitFor(() => expect(second.container.querySelector('[role="progressbar"]')).toBeNull());
    expect(second.container.textContent).toBe('');
  });
});
