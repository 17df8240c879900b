import type { LoginResponse, TokenResponse, TwoStepTokenResponse, User } from '@podpot/domain';
import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import { api, isApiError, setUnauthorizedHandler, tokenStorage } from '@/lib/api-client';

/** Auth state (docs/product.md §3): the user and whether we are logged in. */
export interface AuthState {
  user: User | null;
  loggedIn: boolean;
  /** True while users/me is being loaded for an existing token. */
  loading: boolean;
  /**
   * The user logged out (or erased their account) themselves: a page that needs a login sends them home,
   * not to the login form — which is for a session that ended without being asked to.
   */
  leftOnPurpose?: boolean;
}

let state: AuthState = { user: null, loggedIn: false, loading: Boolean(tokenStorage.get()) };
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

/** Checks the users/me answer (docs/product.md §8: it must contain id). */
export function assertUser(data: unknown): User {
  if (!data || typeof data !== 'object' || !('id' in data) || !(data as { id: unknown }).id) {
    throw new Error('User Data response does not contain field id');
  }
  return data as User;
}

/**
 * Loads users/me; a failure is passed on. The session (token) is dropped only when the API refused it
 * (401) or answered no user: a failed network, a server error or a request cut short by leaving the
 * page keeps the session and the user already loaded (a reload tries again).
 */
export async function loadUser(options: { silent?: boolean } = {}): Promise<User> {
  setState({ loading: true });
  try {
    const user = assertUser(await api.get<unknown>('users/me', { silent: options.silent }));
    setState({ user, loggedIn: true, loading: false, leftOnPurpose: false });
    return user;
  } catch (error) {
    const refused = isApiError(error) ? error.status === 401 : !(error instanceof DOMException);
    if (refused) {
      tokenStorage.clear();
      setState({ user: null, loggedIn: false, loading: false });
    } else {
      setState({ loading: false });
    }
    throw error;
  }
}

/** Stores a fresh access token (login or registration) and loads the user. */
export async function startSession(token: TokenResponse): Promise<User> {
  tokenStorage.set(token.access_token);
  return loadUser();
}

/** The password was right and the account has two-step login: the second step needs a code. */
export class TwoStepNeeded extends Error {
  constructor(
    readonly username: string,
    readonly challenge: string,
  ) {
    super('two-step login: a code is needed');
  }
}

/** "Remember this device" (decision 036): the device token of an account, kept beside the access token. */
const deviceKey = (username: string) => `podpot:device:${username.trim().toLowerCase()}`;
function deviceToken(username: string): string | null {
  try {
    return localStorage.getItem(deviceKey(username));
  } catch {
    return null;
  }
}

/**
 * OAuth2 password grant; client id and scope come from configuration (docs/product.md §7). Silent: every login
 * form shows its own message for a refusal (a wrong password is no 'insufficient permissions' toast).
 * Throws TwoStepNeeded when the account has two-step login and this device is not remembered.
 */
export async function login(username: string, password: string): Promise<User> {
  const device = deviceToken(username);
  const answer = await api.post<LoginResponse>('auth/login', undefined, {
    form: {
      username,
      password,
      client_id: env.authClientId,
      grant_type: 'password',
      scope: env.authScope,
      ...(device ? { device_token: device } : {}),
    },
    silent: true,
  });
  if ('challenge' in answer) throw new TwoStepNeeded(username, answer.challenge);
  return startSession(answer);
}

/** The second step: a code (or recovery code); with `remember` this device skips it for 30 days. */
export async function loginSecondStep(step: TwoStepNeeded, code: string, remember: boolean): Promise<User> {
  const answer = await api.post<TwoStepTokenResponse>(
    'auth/two-step',
    { challenge: step.challenge, code, remember_device: remember },
    { silent: true },
  );
  if (answer.device_token) localStorage.setItem(deviceKey(step.username), answer.device_token);
  return startSession(answer);
}

/**
 * There is no logout call (docs/product.md §7): the token is dropped locally. `onPurpose`: the user asked for it
 * (a Log out button, erasing the account), so a page that needs a login sends them home.
 */
export function logout(options: { onPurpose?: boolean } = {}): void {
  tokenStorage.clear();
  setState({ user: null, loggedIn: false, loading: false, leftOnPurpose: Boolean(options.onPurpose) });
}

/** Replaces the stored user after a profile change. */
export function setUser(user: User): void {
  setState({ user, loggedIn: true });
}

/** On start: when a token exists, load users/me quietly (an expired token just logs out). */
export function initAuth(): void {
  setUnauthorizedHandler(() => logout());
  if (tokenStorage.get()) loadUser({ silent: true }).catch(() => {});
  else setState({ loading: false });
}

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'ADMIN';
}

export function initials(user: Pick<User, 'profile'>): string {
  return `${user.profile.firstName.charAt(0)}${user.profile.lastName.charAt(0)}`.toUpperCase();
}
