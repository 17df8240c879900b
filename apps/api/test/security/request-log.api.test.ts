import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/** Decision 027: one log line per request, with what both of Fastify's lines said, secrets redacted. */
let t: TestApp;
const log = captureLog();
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
});
afterAll(() => t.close());

interface Line {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; host?: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function linesAbout(path: string): Line[] {
  return log
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.req?.url.startsWith(path));
}

describe(`request log (${TEST_DB})`, () => {
  it('writes one line per request: method, URL, status and time taken', async () => {
    expect((await t.api('GET', '/paymentmethods')).status).toBe(200);
    expect((await t.api('GET', '/users/me')).status).toBe(401);
    await log.until(() => linesAbout('/api/v1/paymentmethods').length > 0 && linesAbout('/api/v1/users/me').length > 0);

    const [line, ...more] = linesAbout('/api/v1/paymentmethods');
    expect(more).toEqual([]);
    // Written by hand (decision 046), the line still reads as pino's: level, time, pid, hostname first.
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      hostname: expect.any(String),
      msg: 'request completed',
      req: { method: 'GET', host: expect.any(String), remoteAddress: expect.any(String) },
      res: { statusCode: 200 },
    });
    expect(Math.abs(Date.now() - line!.time)).toBeLessThan(60_000);
    expect(line!.responseTime).toBeGreaterThan(0);
    expect(line!.reqId).toBeTruthy();
    expect(linesAbout('/api/v1/users/me')).toEqual([expect.objectContaining({ res: { statusCode: 401 } })]);
  });

  it('still redacts a credential in the URL', async () => {
    await t.api('GET', '/tipjars?slug=nobody&token=s3cret-link-token');
    await log.until(() => linesAbout('/api/v1/tipjars?slug=nobody').length > 0);
    const [line, ...more] = linesAbout('/api/v1/tipjars?slug=nobody');
    expect(more).toEqual([]);
    expect(line!.req!.url).toBe('/api/v1/tipjars?slug=nobody&token=[REDACTED]');
    expect(log.text()).not.toContain('s3cret-link-token');
  });
});
