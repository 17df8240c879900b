import { BONUS_AUDIO_MAX_BYTES, type BonusEpisode, type Level } from '@podpot/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, apiPath, noContent, setupApiServer } from '@/test/api-server';
import { renderWithQueries } from '@/test/render';
import { BonusEpisodes } from './bonus-episodes';
import { SupporterFeedSummaryCard } from './supporter-feed-summary';

const JAR = '00000000-0000-4000-8000-0000000000b1';
const LEVEL: Level = {
  id: '00000000-0000-4000-8000-0000000000c1',
  amount: 500,
  name: 'Espresso',
  perk: '',
  unlocksFeed: true,
};
const published: BonusEpisode = {
  id: '00000000-0000-4000-8000-0000000000e1',
  title: 'Behind the beans',
  description: '',
  publishedAt: '2026-01-10T09:00:00.000Z',
  levelId: null,
  audio: { type: 'audio/mpeg', bytes: 12.34 * 1024 * 1024 },
  duration: 1800,
  hasArtwork: false,
};
const scheduled: BonusEpisode = {
  ...published,
  id: '00000000-0000-4000-8000-0000000000e2',
  title: 'Roasting live',
  publishedAt: '2099-01-01T09:00:00.000Z',
  levelId: LEVEL.id,
  audio: null,
};

const api = setupApiServer(http.get(apiPath('tipjars/:id/levels'), () => HttpResponse.json({ data: [LEVEL] })));

function answerEpisodes(data: BonusEpisode[]) {
  api.server.use(http.get(apiPath('tipjars/:id/bonus-episodes'), () => HttpResponse.json({ data })));
}

function renderPage() {
  renderWithQueries(
    <MemoryRouter initialEntries={['/backoffice/de-koffiepod/bonus']}>
      <BonusEpisodes tipjarId={JAR} />
    </MemoryRouter>,
  );
}

/** A chosen file as the browser gives it; `size` set apart, so a 200 MB file need not be made. */
function audioFile(name: string, type: string, size?: number) {
  const file = new File([new Uint8Array([0xff, 0xfb, 0x90, 0x64])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(file: File) {
  const input = screen.getByTestId('file-audio').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('BonusEpisodes (backoffice Bonus page)', { timeout: 30_000 }, () => {
  it('explains the private feed while there is no bonus episode', async () => {
    answerEpisodes([]);
    renderPage();
    expect((await screen.findByTestId('bonus-empty')).textContent).toContain('private feed address');
  });

  it('lists episodes with their date or schedule, who hears them, and their audio or the lack of it', async () => {
    answerEpisodes([scheduled, published]);
    renderPage();
    const rows = await screen.findAllByTestId('bonus-episode-row');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Roasting live',
      'Behind the beans',
    ]);
    expect(rows[0]!.textContent).toMatch(/Scheduled for 1 Jan 2099/);
    await waitFor(() => expect(rows[0]!.textContent).toContain('Espresso and up'));
    expect(rows[0]!.textContent).toContain('No audio yet: not in the feed');
    expect(rows[1]!.textContent).toContain('Published 10 Jan 2026');
    expect(rows[1]!.textContent).toContain('All supporters');
    expect(rows[1]!.textContent).toContain('MP3, 12.3 MB');
  });

  it('refuses a too big file before sending it, saves the episode, and says at the field when the API finds no audio', async () => {
    answerEpisodes([]);
    const created: BonusEpisode = {
      ...published,
      id: '00000000-0000-4000-8000-0000000000e3',
      title: 'Extra',
      audio: null,
    };
    api.server.use(
      http.post(apiPath('tipjars/:id/bonus-episodes'), () => HttpResponse.json(created, { status: 201 })),
      http.put(apiPath('tipjars/:id/bonus-episodes/:episodeId'), () => HttpResponse.json(created)),
      http.put(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio'), () =>
        apiError({ statusCode: 415, error: 'Unsupported Media Type', code: 'BAD_REQUEST', message: 'Not audio' }),
      ),
    );
    renderPage();
    await screen.findByTestId('bonus-empty');
    fireEvent.click(screen.getByRole('button', { name: 'New bonus episode' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bonus episode' });
    expect(dialog.textContent).toContain('mp3, m4a or ogg, at most 200 MB');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Extra' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Espresso (€5.00 a month or more)' })).toBeTruthy(),
    );
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Who can hear it' }), {
      target: { value: LEVEL.id },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Duration/ }), { target: { value: '30:00' } });

    choose(audioFile('long.mp3', 'audio/mpeg', BONUS_AUDIO_MAX_BYTES + 1));
    expect(within(dialog).getByRole('alert').textContent).toBe('This file is 200 MB; the limit is 200 MB');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await api.requests()).filter((r) => r.method !== 'GET')).toEqual([]);

    choose(audioFile('talk.mp3', 'audio/mpeg'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(dialog.textContent).toContain('Chosen: talk.mp3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(screen.getByTestId('file-audio')).findByRole('alert')).textContent).toBe(
      'This is not an mp3, m4a or ogg file',
    );
    const writes = (await api.requests()).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST tipjars/${JAR}/bonus-episodes`,
      `PUT tipjars/${JAR}/bonus-episodes/${created.id}/audio`,
    ]);
    expect(writes[0]!.body).toMatchObject({
      data: { title: 'Extra', levelId: LEVEL.id, duration: 1800, description: '' },
    });
    expect((writes[0]!.body as { data: { publishedAt: string } }).data.publishedAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/,
    );
    // The episode is saved: the dialog now changes it (PUT), and tells that the file is still missing.
    expect(screen.getByRole('dialog', { name: 'Edit bonus episode' }).textContent).toContain(
      'The episode is saved, but its file is not',
    );
  });

  it('deletes an episode only after the confirm', async () => {
    answerEpisodes([published]);
    api.server.use(http.delete(apiPath('tipjars/:id/bonus-episodes/:episodeId'), () => noContent()));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Behind the beans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Behind the beans”?' });
    expect((await api.requests()).filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect((await api.requests()).filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        `tipjars/${JAR}/bonus-episodes/${published.id}`,
      ]),
    );
  });
});

describe('SupporterFeedSummaryCard', { timeout: 20_000 }, () => {
  it('counts the open feeds and lists the addresses that may have leaked, by name and date', async () => {
    api.server.use(
      http.get(apiPath('tipjars/:id/supporter-feed'), () =>
        HttpResponse.json({
          openFeeds: 12,
          flagged: [
            { recurringTipId: published.id, displayName: 'Fan', flaggedAt: '2026-11-20T10:00:00.000Z' },
            { recurringTipId: scheduled.id, displayName: null, flaggedAt: '2026-11-21T10:00:00.000Z' },
          ],
        }),
      ),
    );
    renderWithQueries(
      <MemoryRouter>
        <SupporterFeedSummaryCard tipjarId={JAR} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('supporter-feed-open')).textContent).toBe('12 supporters have the private feed.');
    const rows = screen.getAllByTestId('supporter-feed-flagged-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Fannoticed 20 Nov 2026/),
      expect.stringMatching(/^Anonymous supporternoticed 21 Nov 2026/),
    ]);
    expect(screen.getByText(/perhaps they were passed on/)).toBeTruthy();
  });
});
