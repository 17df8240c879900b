import type { Config } from '../config/env.js';

/**
 * The HTTP server's limits on slow clients, as Fastify's options (decision 059). Fastify sets none by
 * default, and Node's own request timeout is 5 minutes: a client dripping a body a byte at a time held
 * its connection, and a socket, for as long as it liked.
 *
 * - `requestTimeout`: the whole request, headers and body, must arrive within REQUEST_TIMEOUT_MS; after
 *   it Node answers 408 (in our error body, plugins/error-handler.ts) and closes the connection.
 * - `headersTimeout`: the headers alone within HEADERS_TIMEOUT_MS (at most the request's time).
 * - `connectionTimeout`: a socket on which nothing moves for CONNECTION_TIMEOUT_MS is closed (a reader
 *   that stopped reading an answer). Longer than Fastify's keep-alive (72 s), so an idle connection a
 *   proxy keeps for reuse is ended by the keep-alive rules, not cut.
 *
 * Node looks for overdue requests every `connectionsCheckingInterval` (30 s by default, so a 30 s limit
 * could take a minute): here a quarter of the headers' time, at most 5 s.
 */
export function serverTimeouts(
  config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS'>,
) {
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(25, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
  };
}
