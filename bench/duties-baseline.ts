import { openSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../apps/api/src/lib/http.js';
import { LinePerTurnDestination } from '../apps/api/src/lib/log-destination.js';
import { registerOps } from '../apps/api/src/plugins/ops.js';
import { requestLogController, requestLoggerFactory } from '../apps/api/src/plugins/request-log.js';
import { registerSecurityHeaders } from '../apps/api/src/plugins/security-headers.js';

/**
 * The second baseline of `npm run bench` (decision 046): a Fastify hello-world that does only what every
 * answer of the app must do whatever the route — helmet's security headers, one JSON access-log line
 * (to /dev/null, written as the app writes it) and the request-duration metric, with the app's own
 * plugins — and answers a cached JSON body of the storefront answer's size. The bare hello-world does
 * none of that; this row shows how much of a hot read's cost is those duties and how much the route's own.
 */
export async function startDutiesBaseline(): Promise<{ app: FastifyInstance; url: string }> {
  const stream = new LinePerTurnDestination(openSync('/dev/null', 'w'));
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: requestLogController({ level: 'info', stream }),
    childLoggerFactory: requestLoggerFactory,
  });
  registerSecurityHeaders(app);
  registerOps(app, {
    production: true,
    checks: {},
    countsByStatus: async () => ({ tips: {}, charges: {} }),
    outboxDepth: async () => ({ pending: 0, oldestPendingSeconds: 0 }),
  });
  const body = JSON.stringify({ data: [{ id: '0'.repeat(36), description: 'x'.repeat(2300) }] });
  // Under the API's prefix: an API answer's security headers, not a page's (decision 051).
  app.get(`${API_PREFIX}/duties`, (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    return body;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_PREFIX}/duties` };
}
