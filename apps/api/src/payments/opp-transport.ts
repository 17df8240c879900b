/**
 * How the OPP client's calls travel (decisions 013 and 019): one HTTP exchange, its retries, and the
 * per-merchant lanes calls wait in. The client (opp-client.ts) knows the API's objects; this file
 * knows only methods, paths, bodies and statuses.
 *
 * - **Retries**: a call that may safely be repeated — a GET, a DELETE (revoking a mandate twice leaves
 *   it revoked), or a create carrying its Idempotency-Key — is retried on 409 ("concurrent request"),
 *   429, 5xx, a network error or a timeout, with jittered exponential back-off and a bounded number
 *   of tries.
 * - **Lanes per merchant** (decision 019, amending 013): a call that changes a merchant
 *   (`POST`/`DELETE` on `/merchants/{uid}…`) goes one at a time per merchant, in order; a payment
 *   naming a merchant in its body (`merchant_uid`: transaction, mandate, mandate charge) runs with at
 *   most `merchantConcurrency` others of that merchant; reads are not held back. A try the provider
 *   answered 409 is retried one at a time per merchant, as OPP asks ("retry it one request at a time").
 */
import { KeyedLimiter } from '../lib/keyed-queue.js';
import { httpFetch, type OppFetch, type OppHttpResponse } from './opp-http.js';
import { ErrorBodySchema } from './opp-schemas.js';

/* ---------- errors ---------- */

export class OppError extends Error {
  /** The provider's `error.code`, when it sent one. */
  readonly code: string | number | null;
  /** The provider's field messages (`error.parameters`): request field → messages; empty when none. */
  readonly parameters: Record<string, string[]>;
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
    /** How many times the call was sent before giving up (1 when it was not retried). */
    readonly tries = 1,
  ) {
    super(message);
    this.name = 'OppError';
    const parsed = ErrorBodySchema.parse(body);
    this.code = parsed.code;
    this.parameters = parsed.parameters;
  }
}

/** A failure another try may cure (409, 429, 5xx, network); what callers finally see is an OppError. */
class RetryableFailure extends OppError {
  constructor(
    status: number,
    body: unknown,
    message: string,
    /** The provider's Retry-After, when it sent one. */
    readonly retryAfterMs: number | null,
  ) {
    super(status, body, message);
  }

  /** The OppError callers get once no try is left. */
  withTries(tries: number): OppError {
    return new OppError(
      this.status,
      this.body,
      tries > 1 ? `${this.message} (after ${tries} tries)` : this.message,
      tries,
    );
  }
}

export interface OppRetryOptions {
  /** Tries in all for a call that may be repeated; 1 turns retrying off. Default 3. */
  tries?: number;
  /** The first back-off in ms; it doubles per try and each wait is drawn at random below it. Default 250. */
  baseDelayMs?: number;
  /** The longest single wait in ms, a provider's Retry-After included. Default 2000. */
  maxDelayMs?: number;
}

export interface OppTransportOptions {
  baseUrl: string;
  apiKey: string;
  /** How one exchange is sent; default httpFetch (node:http with keep-alive). */
  fetch?: OppFetch;
  timeoutMs?: number;
  retry?: OppRetryOptions;
  /** Payments naming one merchant in flight at once in this process (decision 019). Default 16. */
  merchantConcurrency?: number;
}

/** Statuses worth another try: a concurrent request (409), too many requests, the provider's own trouble. */
function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 409 || status === 429 || status >= 500;
}

/** A Retry-After header in ms (seconds or an HTTP date); null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Which lane a call waits in: a merchant change, a payment naming a merchant, or none. */
function laneOf(method: string, path: string, body: unknown): { merchant: string; kind: 'change' | 'payment' } | null {
  const inPath = /^\/merchants\/([^/?#]+)/.exec(path)?.[1];
  if (inPath) return method === 'GET' ? null : { merchant: decodeURIComponent(inPath), kind: 'change' };
  const inBody = (body as { merchant_uid?: unknown } | undefined)?.merchant_uid;
  return typeof inBody === 'string' && inBody !== '' ? { merchant: inBody, kind: 'payment' } : null;
}

/**
 * The lanes, shared by every client of this process (the provider sees one partner key, whichever
 * client sends) and keyed by API base too, so two providers never wait for each other. A merchant's
 * changes and its 409 retries are one at a time; its payments share a bounded lane.
 */
const serialLanes = new KeyedLimiter(1);
const paymentLanes = new Map<number, KeyedLimiter>();
function paymentLane(limit: number): KeyedLimiter {
  const lane = paymentLanes.get(limit) ?? new KeyedLimiter(limit);
  paymentLanes.set(limit, lane);
  return lane;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Exchange {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** An answer without a body (204) is fine; `json` is then undefined. */
  allowEmpty?: boolean;
}

export class OppTransport {
  readonly base: string;
  private readonly fetchImpl: OppFetch;

  constructor(private readonly options: OppTransportOptions) {
    this.base = options.baseUrl.replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? httpFetch;
  }

  /**
   * Sends a call in its lane and retries it while that is safe and useful (see the file comment).
   * A payment's first try shares its merchant's bounded lane; a try answered 409 goes again one at
   * a time per merchant.
   */
  async exchange(call: Exchange): Promise<{ status: number; json: unknown }> {
    const once = () => this.sendOnce(call);
    const lane = laneOf(call.method, call.path, call.body);
    if (!lane) return this.withRetries(call, once, once);
    const key = `${this.base} ${lane.merchant}`;
    const serial = () => serialLanes.run(key, once);
    if (lane.kind === 'change') return serialLanes.run(key, () => this.withRetries(call, once, once));
    const limit = Math.max(1, this.options.merchantConcurrency ?? 16);
    return this.withRetries(call, () => paymentLane(limit).run(key, once), serial);
  }

  /**
   * A GET, a DELETE (revoking a mandate twice leaves it revoked; a refused second revoke is settled by
   * reading the mandate, see recurring-tips.cancel.ts), or a create the provider recognises by its
   * Idempotency-Key can be sent again.
   */
  private static isRepeatable(call: Exchange): boolean {
    return call.method === 'GET' || call.method === 'DELETE' || Boolean(call.headers?.['idempotency-key']);
  }

  /** `first` sends the first try; after a 409 `again` sends the next ones (another lane), else `first`. */
  private async withRetries<T>(call: Exchange, first: () => Promise<T>, again: () => Promise<T>): Promise<T> {
    const retry = this.options.retry ?? {};
    const tries = OppTransport.isRepeatable(call) ? Math.max(1, retry.tries ?? 3) : 1;
    const baseDelayMs = retry.baseDelayMs ?? 250;
    const maxDelayMs = retry.maxDelayMs ?? 2000;
    let send = first;
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        if (!(err instanceof RetryableFailure) || attempt >= tries) {
          throw err instanceof RetryableFailure ? err.withTries(attempt) : err;
        }
        if (err.status === 409) send = again;
        // Full jitter: a random wait below the doubled base, so retrying clients spread out.
        const backoff = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
        await sleep(Math.min(maxDelayMs, err.retryAfterMs ?? backoff));
      }
    }
  }

  /** One HTTP exchange. A failure that another try may cure is a RetryableFailure (an OppError). */
  private async sendOnce({ method, path, body, headers = {}, allowEmpty = false }: Exchange) {
    let res: OppHttpResponse;
    try {
      res = await this.fetchImpl(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new RetryableFailure(0, undefined, `OPP ${method} ${path} failed: ${(err as Error).message}`, null);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      // The body broke off (connection reset, timeout while reading).
      throw new RetryableFailure(0, undefined, `OPP ${method} ${path} failed: ${(err as Error).message}`, null);
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const message = ErrorBodySchema.parse(json).message ?? res.statusText;
      const failure = `OPP ${method} ${path} failed (${res.status}): ${message}`;
      if (isRetryableStatus(res.status)) {
        throw new RetryableFailure(res.status, json, failure, retryAfterMs(res.headers.get('retry-after')));
      }
      throw new OppError(res.status, json, failure);
    }
    if (json === undefined && allowEmpty && (res.status === 204 || text.trim() === '')) {
      return { status: res.status, json: undefined };
    }
    if (json === undefined || typeof json !== 'object') {
      throw new OppError(res.status, text, `OPP ${method} ${path} answered without a JSON body`);
    }
    return { status: res.status, json };
  }
}
