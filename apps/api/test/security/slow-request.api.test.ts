import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33 (10): a client that sends its headers and then drips the body a byte at a time kept its
 * connection for as long as it liked (3,000 of 3,000 such connections were still open after 60 s).
 * The whole request must now arrive within REQUEST_TIMEOUT_MS, the headers within HEADERS_TIMEOUT_MS;
 * after that the server answers 408 in the API's error body and closes the connection. Small limits
 * here; the defaults are 30 s and 10 s.
 */
const REQUEST_TIMEOUT_MS = 1_000;
const HEADERS_TIMEOUT_MS = 600;
/** Node looks for overdue requests on an interval (here a quarter of the headers' time) and may be busy. */
const SLACK_MS = 1_000;
const GIVE_UP_MS = 6_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS });
});
afterAll(() => t.close());

interface Dripped {
  /** ms from the first byte until the server closed the connection (null: still open when we gave up). */
  closedAfter: number | null;
  answer: string;
}

/** Sends `head` at once, then `drip` one character every 100 ms, until the server closes or GIVE_UP_MS. */
function drip(head: string, dripped: string): Promise<Dripped> {
  return new Promise((resolve) => {
    const url = new URL(t.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    const started = performance.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedAfter: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfter, answer });
    };
    const giveUp = setTimeout(() => finish(null), GIVE_UP_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(performance.now() - started));
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < dripped.length && socket.writable) socket.write(dripped[sent++]!);
      }, 100);
    });
  });
}

function errorBodyOf(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
}

describe('a slow client', () => {
  it('that drips its body is answered 408 and cut off once the request time is up', async () => {
    const body = JSON.stringify({ username: 'slow@example.test', password: 'x'.repeat(200) });
    const head = `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedAfter, answer } = await drip(head, body);
    expect(closedAfter, 'the connection was still open').not.toBeNull();
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(closedAfter).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    const { status, head: answerHead, body: json } = errorBodyOf(answer);
    expect(status).toBe(408);
    expect(answerHead).toMatch(/content-type: application\/json/i);
    expect(json).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      code: 'BAD_REQUEST',
      message: 'Request took too long',
    });
  });

  it('that drips its headers is cut off once the headers time is up', async () => {
    const { closedAfter } = await drip(
      'GET /api/v1/paymentmethods HTTP/1.1\r\n',
      'X-Slow: abcdefghijklmnopqrstuvwxyz\r\n',
    );
    expect(closedAfter, 'the connection was still open').not.toBeNull();
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
  });

  it('that sends in time is answered as always', async () => {
    const res = await t.api('POST', '/auth/login', {
      body: { username: 'nobody@example.test', password: 'wrong one' },
    });
    expect(res.status).toBe(401);
  });
});
