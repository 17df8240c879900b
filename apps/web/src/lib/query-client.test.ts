import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setApiErrorHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

describe('query client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiErrorHandler(() => {});
  });

  async function failingRead(status: number) {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    const fetchMock = vi.fn(async () => new Response(null, { status }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    // The app's retry rule, without its back-off wait.
    await client.fetchQuery({ queryKey: ['users'], queryFn: () => api.get('users'), retryDelay: 0 }).catch(() => {});
    return { calls: fetchMock.mock.calls.length, toasts: handler.mock.calls.length };
  }

  it('retries a failing read but reports it once, when the query gives up', async () => {
    expect(await failingRead(503)).toEqual({ calls: 3, toasts: 1 });
  });

  it('never retries a 4xx, from the API or any error carrying that status', async () => {
    expect(await failingRead(404)).toEqual({ calls: 1, toasts: 1 });
    const queryFn = vi.fn(async () => {
      throw Object.assign(new Error('No tip jar with this slug'), { status: 404 });
    });
    await createQueryClient()
      .fetchQuery({ queryKey: ['tipjars', 'slug', 'x'], queryFn, retryDelay: 0 })
      .catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('sends a write made offline at once, so it fails with a toast instead of waiting paused', async () => {
    const handler = vi.fn();
    setApiErrorHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    onlineManager.setOnline(false);
    try {
      const client = createQueryClient();
      const save = client
        .getMutationCache()
        .build(client, { mutationFn: () => api.put('users/me/profile', { data: {} }) })
        .execute(undefined);
      await expect(save).rejects.toMatchObject({ status: 0 });
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
