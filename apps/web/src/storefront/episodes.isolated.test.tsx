import type { PublicEpisode, PublicTipjar } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveAndHydrate, stubPaymentMethods, tipjar, unmountStorefronts } from '@/test/storefront-page';

/** The recent episodes (a server part) and an episode's tip page (issue 14 part 2). */
const numbered: PublicEpisode = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'The long one',
  number: 42,
  season: null,
  publishedAt: '2026-11-20T08:00:00.000Z',
  link: null,
  duration: 3_900,
};
const unnumbered: PublicEpisode = {
  ...numbered,
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Bonus',
  number: null,
  publishedAt: null,
  duration: 1_500,
};
const withEpisodes: PublicTipjar = { ...tipjar, recentEpisodes: [numbered, unnumbered] };

beforeEach(stubPaymentMethods);
afterEach(unmountStorefronts);

describe('the recent episodes on the storefront', () => {
  it('lists each episode with its number, date and duration, linking to its tip page', async () => {
    const { errors } = await serveAndHydrate(withEpisodes, 'en');
    expect(errors).toEqual([]);
    const list = screen.getByRole('region', { name: 'Recent episodes' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/my-pod/e/${numbered.id}`,
      `/my-pod/e/${unnumbered.id}`,
    ]);
    expect(links[0]!.textContent).toBe('Episode 42The long one');
    expect(list.textContent).toContain('20 Nov 2026');
    expect(list.textContent).toContain('1 h 05 min');
    expect(list.textContent).toContain('25 min');
  });

  it('speaks Dutch and links to the Dutch pages on /nl', async () => {
    await serveAndHydrate(withEpisodes, 'nl');
    const list = screen.getByRole('region', { name: 'Recente afleveringen' });
    expect(within(list).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/nl/my-pod/e/${numbered.id}`);
    expect(list.textContent).toContain('Aflevering 42');
    expect(list.textContent).toContain('1 u 05 min');
  });

  it('says the number once when the title already starts with it', async () => {
    const own: PublicEpisode = { ...numbered, title: 'Aflevering 42: The long one' };
    await serveAndHydrate({ ...tipjar, recentEpisodes: [own] }, 'nl');
    const list = screen.getByRole('region', { name: 'Recente afleveringen' });
    expect(within(list).getByRole('link').textContent).toBe('Aflevering 42: The long one');
    document.body.innerHTML = '';
    await serveAndHydrate({ ...tipjar, recentEpisodes: [own] }, 'nl', undefined, own);
    expect(screen.getByTestId('episode-heading').textContent).toBe('Fooi voor “Aflevering 42: The long one”');
  });

  it('has no section while the feed gave no episodes', async () => {
    const { html } = await serveAndHydrate({ ...tipjar, recentEpisodes: [] }, 'en');
    expect(html).not.toContain('sf-episodes');
  });
});

describe("an episode's tip page", () => {
  it('names the episode above the form, in the title too, and hydrates without a mismatch', async () => {
    const { errors, title } = await serveAndHydrate(withEpisodes, 'en', undefined, numbered);
    expect(errors).toEqual([]);
    expect(screen.getByTestId('episode-heading').textContent).toBe('Tip for episode 42: The long one');
    expect(title).toBe('Tip for episode 42: The long one - My Pod');
    // The language switch leads to the same episode in Dutch.
    expect(document.querySelector(`a[href="/nl/my-pod/e/${numbered.id}"]`)).toBeTruthy();
  });

  it('says it in Dutch, and quotes a title without a number', async () => {
    await serveAndHydrate(withEpisodes, 'nl', undefined, numbered);
    expect(screen.getByTestId('episode-heading').textContent).toBe('Fooi voor aflevering 42: The long one');
    document.body.innerHTML = '';
    await serveAndHydrate(withEpisodes, 'en', undefined, unnumbered);
    expect(screen.getByTestId('episode-heading').textContent).toBe('Tip for “Bonus”');
  });

  it('sends the episode with the tip', async () => {
    await serveAndHydrate(withEpisodes, 'en', undefined, numbered);
    const fetch = vi.mocked(globalThis.fetch);
    fireEvent.click(await screen.findByTestId('paymentmethod-ideal'));
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), { target: { value: 'Fan' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail address/ }), { target: { value: 'fan@example.com' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Tip My Pod' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(url)).toContain(`/tipjars/${tipjar.id}/tips`);
    expect(JSON.parse(String(init?.body)).data).toMatchObject({ episodeId: numbered.id, amount: 500 });
  });
});
