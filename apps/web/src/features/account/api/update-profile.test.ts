import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/lib/api-client';
import { updatePassword } from './update-profile';

describe('updatePassword', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps this session signed in with the new token the change answers (the old one is signed out)', async () => {
    tokenStorage.set('token-before-the-change');
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ access_token: 'token-after-the-change', token_type: 'bearer', expires_in: 3600 }),
          {
            status: 200,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await updatePassword({ currentPassword: 'old password 1', newPassword: 'new password 2' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/me/password');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-before-the-change');
    expect(tokenStorage.get()).toBe('token-after-the-change');
  });
});
