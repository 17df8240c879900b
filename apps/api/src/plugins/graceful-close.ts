import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for keep-alive connections whose last answer has gone out. */
const REAP_EVERY_MS = 50;
/** How long a close lets answers in flight finish before it cuts their connections. */
export const CLOSE_DEADLINE_MS = 10_000;

/**
 * A close that does not wait for keep-alive timers, nor for ever. `server.close()` (and Fastify's
 * `forceCloseConnections: 'idle'`) end only the connections idle at that moment; a connection whose
 * request is still being answered stayed open after its answer until the keep-alive timeout (Fastify's
 * is 72 s) — so one request in flight at SIGTERM held the shutdown, and a test's `app.close()`, for over
 * a minute. From the start of the close, connections are ended as soon as their answer has gone out;
 * after `CLOSE_DEADLINE_MS` the ones still busy (a client that stopped reading a download) are cut, with
 * a warning. Nothing runs per request.
 */
export function registerGracefulClose(app: FastifyInstance, deadlineMs = CLOSE_DEADLINE_MS): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    if (server.listening) {
      const reaper = setInterval(() => server.closeIdleConnections(), REAP_EVERY_MS);
      const deadline = setTimeout(() => {
        server.getConnections((_err, count) => {
          app.log.warn({ connections: count, deadlineMs }, 'closing: cutting connections still answering');
          server.closeAllConnections();
        });
      }, deadlineMs);
      reaper.unref();
      deadline.unref();
      server.once('close', () => {
        clearInterval(reaper);
        clearTimeout(deadline);
      });
    }
    done();
  });
}
