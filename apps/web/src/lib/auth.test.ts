import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/lib/api-client';
import { getAuthState, loadUser } from '@/lib/auth';

/** Loading the signed-in user: which failures end the session and which keep it. */

const user = { id: '00000000-0000-4000-8000-0000000000c1', email: 'maker@example.test' };
const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('loadUser', () => {
  beforeEach(() => {
    localStorage.clear();
    tokenStorage.set('session-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the session when the network fails or the request is cut short by leaving the page', async () => {
    vi.stubGlobal('fetch', json(200, user));
    await loadUser();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadUser({ silent: true })).rejects.toThrow();
    expect(tokenStorage.get()).toBe('session-token');
    expect(getAuthState()).toMatchObject({ loggedIn: true, loading: false, user: { id: user.id } });
  });

  it('keeps the session on a server error', async () => {
    vi.stubGlobal('fetch', json(503, { statusCode: 503, error: 'Service Unavailable', message: 'later' }));
    await expect(loadUser({ silent: true })).rejects.toThrow();
    expect(tokenStorage.get()).toBe('session-token');
  });

  it('ends the session when the API refuses the token, or answers no user', async () => {
    vi.stubGlobal('fetch', json(401, { statusCode: 401, error: 'Unauthorized', message: 'Log in again' }));
    await expect(loadUser({ silent: true })).rejects.toThrow();
    expect(tokenStorage.get()).toBeNull();
    expect(getAuthState()).toMatchObject({ loggedIn: false, user: null, loading: false });

    tokenStorage.set('session-token');
    vi.stubGlobal('fetch', json(200, { email: 'no id' }));
    await expect(loadUser({ silent: true })).rejects.toThrow('does not contain field id');
    expect(tokenStorage.get()).toBeNull();
  });
});
