import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { guardedLookup, ipLiteralOf, isAllowedAddress, RefusedAddressError } from '../feeds/feeds.addresses.js';

/*
 * One signed POST to a receiver (decision 095, docs/webhooks.md). The same outbound guard as feeds
 * (feeds.addresses.ts): public addresses only, checked on the resolved address inside the socket's
 * lookup and again on the connected socket; no redirect is followed (a 3xx is a failed try); at most
 * SEND_TIMEOUT_MS for the whole exchange; at most RESPONSE_BYTES of the answer are read, then dropped.
 */

export const SEND_TIMEOUT_MS = 10_000;
const RESPONSE_BYTES = 4 * 1024;
const USER_AGENT = 'Podpot-Webhooks/1 (+https://podpot.example/docs/webhooks)';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The check docs/webhooks.md shows a receiver: a v1 that matches, within `toleranceS` of `nowS`. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowS: number,
  toleranceS: number,
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type SendOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export interface SendRequest {
  url: string;
  secret: string;
  eventId: string;
  type: string;
  body: string;
  /** The signature's timestamp (the worker's clock). */
  at: Date;
  allowLoopback: boolean;
}

/** Posts one delivery; never throws. 2xx is delivered, anything else a failed try with a short reason. */
export async function sendDelivery(request: SendRequest): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, statusCode: null, error: 'not a URL' };
  }
  const literal = ipLiteralOf(url.hostname);
  if (literal && !isAllowedAddress(literal, request.allowLoopback)) {
    return { ok: false, statusCode: null, error: 'refused: not a public address' };
  }
  const timestamp = Math.floor(request.at.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(request.body)),
    'user-agent': USER_AGENT,
    'podpot-event-id': request.eventId,
    'podpot-event-type': request.type,
    'podpot-signature': signatureOf(request.secret, timestamp, request.body),
  };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS);
  try {
    const response = await post(url, headers, request.body, request.allowLoopback, abort.signal);
    const statusCode = response.statusCode ?? 0;
    await drain(response);
    if (statusCode >= 200 && statusCode < 300) return { ok: true, statusCode };
    const redirect = statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, statusCode, error: `answered ${statusCode}${redirect}` };
  } catch (error) {
    return { ok: false, statusCode: null, error: abort.signal.aborted ? 'no answer within 10 s' : reasonOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowLoopback: boolean,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', headers, signal, lookup: guardedLookup(allowLoopback), agent: false },
      resolve,
    );
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress;
        if (remote && !isAllowedAddress(remote, allowLoopback)) req.destroy(new RefusedAddressError(remote));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Reads at most RESPONSE_BYTES of the answer (never kept), then lets the connection go. */
async function drain(response: IncomingMessage): Promise<void> {
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > RESPONSE_BYTES) break;
    }
  } catch {
    // The status is what counts; a broken body changes nothing.
  } finally {
    response.destroy();
  }
}

/** A short reason of our own words: never the secret, never what the receiver sent. */
function reasonOf(error: unknown): string {
  if (error instanceof RefusedAddressError) return 'refused: not a public address';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EREFUSEDADDRESS') return 'refused: not a public address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  return code ? `connection failed (${code})` : 'connection failed';
}
