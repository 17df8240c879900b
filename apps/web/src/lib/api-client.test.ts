import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  buildUrl,
  reportApiError,
  setApiErrorHandler,
  setUnauthorizedHandler,
  tableQuery,
  tokenStorage,
} from '@/lib/api-client';
import { statusToastKey } from '@/lib/api-errors';

function respond(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiErrorHandler(() => {});
  });

  it('converts table options with the paging conversion (docs/product.md §5) and leaves out empty values', () => {
    expect(tableQuery({ page: 3, itemsPerPage: 10, sortBy: ['email'], sortDesc: [true], search: '' })).toBe(
      '?skip=20&limit=30&sortBy=email&sortDesc=true',
    );
    expect(tableQuery({ page: 1, itemsPerPage: 25 })).toBe('?skip=0&limit=25');
  });

  it('builds URLs under /api/v1 without empty query values', () => {
    expect(buildUrl('users', { skip: 0, limit: 100, search: '', sortBy: undefined })).toBe(
      '/api/v1/users?skip=0&limit=100',
    );
    expect(buildUrl('/faqitems')).toBe('/api/v1/faqitems');
  });

  it('sends the bearer token and JSON', async () => {
    tokenStorage.set('tok');
    const fetchMock = respond(200, { id: 'x' });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('users/me/profile', { method: 'PUT', body: { data: { firstName: 'A' } } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/me/profile');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(init.body).toBe('{"data":{"firstName":"A"}}');
  });

  it('ends the session on a 401 of the token in use, not on a late 401 of a token replaced meanwhile', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    const refused = { statusCode: 401, error: 'Unauthorized', code: 'UNAUTHORIZED', message: 'Log in again' };
    tokenStorage.set('old');
    // The two-step setup: a read sent with the old token is answered after the new token was stored.
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const late = apiRequest('users/me').catch((e: unknown) => e);
    tokenStorage.set('new');
    answer(new Response(JSON.stringify(refused), { status: 401 }));
    expect(await late).toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
    // The token in use refused: the session is gone.
    vi.stubGlobal('fetch', respond(401, refused));
    await apiRequest('users/me').catch(() => {});
    expect(ended).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(() => {});
  });

  it('passes a failed write to the one shared handler at once, unless silent', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    vi.stubGlobal('fetch', respond(404, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'nope' }));
    const error = await apiRequest('users/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NOT_FOUND');
    expect(handler).toHaveBeenCalledTimes(1);
    await apiRequest('users/1', { method: 'DELETE', silent: true }).catch(() => {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed read to its query, which reports it once (never a silent one)', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    vi.stubGlobal('fetch', respond(503));
    const error = await apiRequest('users').catch((e: unknown) => e);
    expect(handler).not.toHaveBeenCalled();
    reportApiError(error);
    reportApiError(error);
    expect(handler).toHaveBeenCalledTimes(1);
    reportApiError(await apiRequest('users', { silent: true }).catch((e: unknown) => e));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('maps statuses to the status toasts (docs/product.md §8)', () => {
    expect(statusToastKey(400)).toBe('badRequest');
    expect(statusToastKey(401)).toBe('forbidden');
    expect(statusToastKey(403)).toBe('forbidden');
    expect(statusToastKey(404)).toBe('notFound');
    expect(statusToastKey(405)).toBe('methodNotAllowed');
    expect(statusToastKey(500)).toBe('generic');
  });
});
