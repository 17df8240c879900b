import {
  type ApiErrorBody,
  checkPasswordStrength,
  type PasswordStrengthBody,
  WEAK_PASSWORD_KEYS,
} from '@podpot/domain';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The address of an API path for an MSW handler, on any origin: `http.get(apiPath('users/:id'), …)`. */
export function apiPath(path: string): string {
  return `*/api/v1/${path}`;
}

/** A request the app sent to the API: its method, its path below /api/v1/ (with the query) and its JSON body. */
export interface ApiRequest {
  method: string;
  path: string;
  /** The body: parsed JSON, a form's fields (the login), a file's text, or undefined without a body. */
  body: unknown;
}

/** A JSON body parsed; any other (a file's bytes sent as they are) as its text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readRequest(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  const text = await request.text();
  const form = request.headers.get('Content-Type')?.startsWith('application/x-www-form-urlencoded');
  return {
    method: request.method,
    path: url.pathname.replace(/^\/api\/v1\//, '') + url.search,
    body: !text ? undefined : form ? Object.fromEntries(new URLSearchParams(text)) : jsonOrText(text),
  };
}

/**
 * The API of one test file, as MSW request handlers (decision 075): the app's own client
 * (lib/api-client) sends its requests, and the handlers answer them — those given here, and each test's
 * own (`server.use(...)`, dropped after the test). A request that no handler answers fails, so no test
 * ever reaches a real server. `requests()` lists what the app sent during the test, for what a test
 * expects it to send.
 */
export function setupApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers, passwordStrength);
  let sent: Promise<ApiRequest>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (!request.url.endsWith(PASSWORD_STRENGTH)) sent.push(readRequest(request.clone()));
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    sent = [];
  });
  afterAll(() => server.close());
  return { server, requests: () => Promise.all(sent) };
}

const PASSWORD_STRENGTH = '/api/v1/users/password-strength';

/**
 * Every new-password field asks the API how strong the password is as it is typed (decision 082): answered
 * in every file by the domain's rule, as the API does, and left out of `requests()`.
 */
const passwordStrength = http.post(apiPath('users/password-strength'), async ({ request }) => {
  const body = (await request.json()) as PasswordStrengthBody;
  const verdict = await checkPasswordStrength(body.password, { brand: 'Podpot', ...body });
  return HttpResponse.json(verdict.ok ? { ok: true } : { ok: false, key: WEAK_PASSWORD_KEYS[verdict.reason] });
});

/** The API's error answer: `body` as JSON with its status. */
export function apiError(body: ApiErrorBody) {
  return HttpResponse.json(body, { status: body.statusCode });
}

/** An answer without content (a write the API answers 204). */
export function noContent() {
  return new HttpResponse(null, { status: 204 });
}
