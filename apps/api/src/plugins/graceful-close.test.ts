import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerGracefulClose } from './graceful-close.js';

/** A server with the close of graceful-close.ts and a route that answers when the test says so. */
async function serverWithSlowRoute(deadlineMs: number) {
  const app = Fastify();
  registerGracefulClose(app, deadlineMs);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/slow', async () => {
    await released;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, port, release };
}

/** Sends a keep-alive request on a raw socket; resolves with what came back once the server ends it. */
function keepAliveRequest(port: number) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  return new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
}

describe('closing the server', () => {
  it('ends a keep-alive connection once its answer in flight is out, not at the keep-alive timeout', async () => {
    const { app, port, release } = await serverWithSlowRoute(10_000);
    const ended = keepAliveRequest(port);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const closed = app.close();
    setTimeout(release, 200);
    await closed;
    expect(await ended).toMatch(/^HTTP\/1\.1 200[\s\S]*\{"done":true\}$/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts a connection still answering at the deadline', async () => {
    const { app, port, release } = await serverWithSlowRoute(300);
    const ended = keepAliveRequest(port);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await ended).toBe('');
    release();
  });
});
