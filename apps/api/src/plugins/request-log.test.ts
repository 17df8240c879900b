import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogController, requestLoggerFactory } from './request-log.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url: string };
  careful?: boolean;
  err?: { message: string };
}

/** A Fastify with the app's request logging, its lines kept, and the number of child loggers it made. */
async function appWithRequestLog() {
  const text: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: requestLogController({ level: 'info', stream }),
    childLoggerFactory: requestLoggerFactory,
  });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  };
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/careful', async (request) => {
    request.log.warn({ careful: true }, 'looked twice');
    return { ok: true };
  });
  app.get('/boom', async () => {
    throw new Error('it broke');
  });
  await app.ready();
  const lines = () =>
    text
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  return { app, lines, children: () => children };
}

describe("a request's logger", () => {
  it('is not made for a request that logs only its access line', async () => {
    const { app, lines, children } = await appWithRequestLog();
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines()).toEqual([expect.objectContaining({ msg: 'request completed', req: expect.anything() })]);
  });

  it("writes what a route logs with the request's id, as the access line does", async () => {
    const { app, lines, children } = await appWithRequestLog();
    expect((await app.inject('/careful')).statusCode).toBe(200);
    expect(children()).toBe(1);
    const [warning, access] = lines();
    expect(warning).toMatchObject({ level: 40, msg: 'looked twice', careful: true });
    expect(warning!.reqId).toBeTruthy();
    expect(access).toMatchObject({ msg: 'request completed', reqId: warning!.reqId });
  });

  it("logs a failed request's error with the request's id", async () => {
    const { app, lines } = await appWithRequestLog();
    const first = await app.inject('/quiet');
    expect(first.statusCode).toBe(200);
    expect((await app.inject('/boom')).statusCode).toBe(500);
    const errors = lines().filter((line) => line.level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line.reqId).toBe('req-2');
    expect(errors.some((line) => line.err?.message === 'it broke')).toBe(true);
  });
});
