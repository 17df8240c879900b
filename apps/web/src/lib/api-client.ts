import {
  type ApiErrorBody,
  type ErrorCode,
  type FieldError,
  type TableOptions,
  toListQuery,
  toQueryString,
} from '@podpot/domain';
import { env } from '@/config/env';
import { pageLocale } from '@/lib/locale';

/** A failed call: the HTTP status (0 when the network failed) and the API's error body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly fields: Record<string, FieldError> | undefined;
  readonly body: ApiErrorBody | undefined;
  /**
   * The API's own reason, shown to the user as it is: its `message` when the API wrote it in the page's
   * language (it says so in `Content-Language`; decision 083). Other messages are for developers.
   */
  reason: string | undefined;
  /** The caller shows this failure itself (`silent`): no status toast. */
  silent = false;
  /** Its status toast was shown (a failure is reported once). */
  reported = false;

  constructor(status: number, body?: ApiErrorBody, message?: string) {
    super(message ?? body?.message ?? (status ? `Request failed with status ${status}` : 'Network error'));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = body?.code;
    this.fields = body?.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/* ---------- bearer token (docs/product.md §7: stored after login) ---------- */

const TOKEN_KEY = 'podpot:token';

export const tokenStorage = {
  get(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage may be unavailable (private mode); nothing to clear then.
    }
  },
};

/* ---------- the one shared error handler ---------- */

type ErrorHandler = (error: ApiError) => void;
let errorHandler: ErrorHandler = () => {};
let unauthorizedHandler: () => void = () => {};

/**
 * Installed once by the app (status toasts, docs/product.md §8). Every failed call goes through it once unless
 * `silent`: a write at once, a read (GET) when the query reading it gives up (see {@link apiRequest}).
 */
export function setApiErrorHandler(handler: ErrorHandler): void {
  errorHandler = handler;
}

/** Hands a failed call to the shared handler, once, unless its caller shows the failure itself. */
export function reportApiError(error: unknown): void {
  if (!isApiError(error) || error.silent || error.reported) return;
  error.reported = true;
  errorHandler(error);
}

/** Called when a call made WITH the current token answers 401: the session is gone. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/* ---------- requests ---------- */

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: object;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (the OAuth2 login). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not show the status toast (the caller shows the failure itself). */
  silent?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` on tip creation). */
  headers?: Record<string, string>;
  /** Send no bearer token: the public answer anyone gets (the landing page's tip jar search). */
  anonymous?: boolean;
}

/** `users` + {skip: 0, search: ''} → '/api/v1/users?skip=0' (empty values are left out). */
export function buildUrl(path: string, query?: object): string {
  const base = env.apiUrl.replace(/\/$/, '');
  return `${base}/${path.replace(/^\//, '')}${query ? toQueryString(query) : ''}`;
}

/** The query string of a table view: the paging conversion (docs/product.md §5, domain `toListQuery`). */
export function tableQuery(options: TableOptions): string {
  return toQueryString(toListQuery(options));
}

/**
 * One call to the API. A failed write is reported at once; a failed GET is not: reads run in queries,
 * which retry a failure that may pass (a 5xx, the network), and the query cache reports the failure
 * once the query gives up (lib/query-client.ts) — one toast per failure, none per retry.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const reportNow = (options.method ?? 'GET') !== 'GET';
  // The page's language, for the API's own texts (a refusal's message, a spreadsheet file's headers).
  const language = pageLocale();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    ...options.headers,
  };
  const token = options.anonymous ? null : tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return fail(new ApiError(0), options, reportNow);
  }

  if (!response.ok) {
    const errorBody = await readJson<ApiErrorBody>(response);
    // The session is gone only when the refused token is still the one in use: a call sent before a new
    // token was stored (the two-step setup ends older sessions and hands this page a new one) must not
    // end the new session when its 401 comes back.
    if (response.status === 401 && token && token === tokenStorage.get() && errorBody?.code !== 'INVALID_CREDENTIALS')
      unauthorizedHandler();
    const error = new ApiError(response.status, errorBody);
    if (errorBody?.message && response.headers.get('Content-Language') === language) error.reason = errorBody.message;
    return fail(error, options, reportNow);
  }
  if (response.status === 204) return undefined as T;
  return (await readJson<T>(response)) as T;
}

/**
 * Downloads a file the API serves only with a bearer token (e.g. a CSV export): fetched as a blob and
 * saved through an object URL, since a plain link cannot carry the Authorization header.
 */
export async function downloadFile(
  path: string,
  options: { query?: object; filename: string; silent?: boolean },
): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': pageLocale() };
  const token = tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers });
  } catch {
    return fail(new ApiError(0), options, true);
  }
  if (!response.ok) return fail(new ApiError(response.status, await readJson<ApiErrorBody>(response)), options, true);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? options.filename;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fail(error: ApiError, options: { silent?: boolean }, reportNow: boolean): never {
  error.silent = Boolean(options.silent);
  if (reportNow) reportApiError(error);
  throw error;
}

/** The HTTP status a failure carries (an ApiError's, or a `status` of another error), if any. */
export function errorStatus(error: unknown): number | undefined {
  if (isApiError(error)) return error.status || undefined;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

async function readJson<T>(response: Response): Promise<T | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
