import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setApiErrorHandler } from '@/lib/api-client';
import { handleApiError } from '@/lib/api-errors';
import { i18n } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { apiPath, setupApiServer } from '@/test/api-server';

const server = setupApiServer();

const NOT_LATEST = {
  en: 'Only the latest invoice number can be deleted (numbers stay gap-free); void this invoice instead',
  nl: 'Alleen het laatste factuurnummer kan worden verwijderd (de nummering blijft doorlopend); laat deze factuur vervallen',
};

/** DELETE invoices/{id} answers 409 the way the API does: its reason in the language asked for, if it has one. */
function refuseDelete(languages: readonly string[] = ['en', 'nl']) {
  server.server.use(
    http.delete(apiPath('invoices/:id'), ({ request }) => {
      const asked = request.headers.get('Accept-Language') ?? '';
      const language = languages.includes(asked) ? (asked as 'en' | 'nl') : 'en';
      return HttpResponse.json(
        { statusCode: 409, error: 'Conflict', code: 'INVALID_TRANSITION', message: NOT_LATEST[language] },
        { status: 409, headers: { 'Content-Language': language } },
      );
    }),
  );
}

/** Shows the page at `path` in its language, as the app's shell does. */
async function onPage(path: string) {
  window.history.replaceState(null, '', path);
  await i18n.changeLanguage(path.startsWith('/nl') ? 'nl' : 'en');
}

function toasts() {
  const notify = vi.spyOn(notifications, 'notify').mockImplementation(() => {});
  return () => notify.mock.calls.map(([shown]) => shown);
}

describe("failed calls tell the user the API's reason (decision 083)", () => {
  beforeEach(() => setApiErrorHandler(handleApiError));
  afterEach(async () => {
    vi.restoreAllMocks();
    setApiErrorHandler(() => {});
    await onPage('/');
  });

  for (const [language, path] of [
    ['en', '/admin/invoices/1'],
    ['nl', '/nl/admin/invoices/1'],
  ] as const) {
    it(`asks in the page's language and toasts why an invoice cannot be deleted (${language})`, async () => {
      refuseDelete();
      const shown = toasts();
      await onPage(path);
      await api.delete('invoices/1').catch(() => {});
      expect(shown()).toEqual([{ content: NOT_LATEST[language], color: 'error', showProgress: false }]);
    });
  }

  it("keeps the spec's status toast when the API's message is not in the page's language", async () => {
    refuseDelete(['en']);
    const shown = toasts();
    await onPage('/nl/admin/invoices/1');
    await api.delete('invoices/1').catch(() => {});
    expect(shown()).toEqual([{ content: 'Error', color: 'error', showProgress: false }]);
    server.server.use(
      http.delete(apiPath('users/:id'), () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'User not found' },
          { status: 404 },
        ),
      ),
    );
    await api.delete('users/1').catch(() => {});
    expect(shown()[1]?.content).toBe('Error: niet gevonden');
  });

  it("toasts a field's validation text instead of 'bad request' (batch invoices for a month not over)", async () => {
    server.server.use(
      http.post(apiPath('invoices/batch'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            code: 'VALIDATION',
            message: 'Only a finished month can be invoiced',
            fields: { 'data.period': { key: 'periodNotFinished' } },
          },
          { status: 400 },
        ),
      ),
    );
    const shown = toasts();
    await onPage('/nl/admin/invoices');
    await api.post('invoices/batch', { data: { period: '2099-01' } }).catch(() => {});
    expect(shown()[0]?.content).toBe(
      'Deze maand is nog niet voorbij: alleen afgelopen maanden kunnen worden gefactureerd',
    );
  });

  it('says a save made offline was not sent, and an unreachable server apart from that', async () => {
    server.server.use(http.put(apiPath('users/me/profile'), () => HttpResponse.error()));
    const shown = toasts();
    await onPage('/account');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await api.put('users/me/profile', { data: {} }).catch(() => {});
    expect(shown()[0]?.content).toBe('You are offline: nothing was sent. Try again when the connection is back.');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await api.put('users/me/profile', { data: {} }).catch(() => {});
    expect(shown()[1]?.content).toMatch(/^The server could not be reached/);
  });
});
