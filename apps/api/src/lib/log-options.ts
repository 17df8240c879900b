import type { FastifyServerOptions } from 'fastify';
import { LinePerTurnDestination } from './log-destination.js';

/** Query parameters that carry a credential (manage links, password reset links, OAuth). */
const SECRET_QUERY = /([?&](?:token|access_token|code|password)=)[^&#]*/gi;

/** A private supporter feed's token in its path (/feeds/{token}.xml, /feeds/{token}/audio/…): a credential. */
const FEED_TOKEN_PATH = /^(\/feeds\/)[^/?#]+/;

/** A URL fit for a log line: credentials in its query (and a feed token in its path) replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]').replace(FEED_TOKEN_PATH, '$1[REDACTED]');
}

/**
 * Pino options for every process: secrets never reach a log line — bearer tokens, cookies,
 * passwords and their hashes, tokens in any object, the token of a manage or reset link in a
 * request URL, and the parameters of a failed SQL query (drizzle puts them in the error message).
 * Human-readable lines in development, JSON elsewhere (production, tests, log shippers).
 *
 * JSON lines go to stdout once per turn of the event loop (lib/log-destination.ts, decision 049): the
 * turn's lines are joined and written with one system call, and what is pending is written when the
 * process exits; only a `kill -9` can lose the lines of the turn it lands in.
 */
export function loggerOptions(config: { LOG_LEVEL: string; NODE_ENV: string }): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.access_token',
        '*.verification_hash',
        'err.params',
        'err.cause.params',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        };
      },
      err(err: Error & { params?: unknown; cause?: unknown }) {
        return {
          type: err.name,
          message: withoutQueryParams(err.message),
          stack: withoutQueryParams(err.stack ?? ''),
          ...(err.cause instanceof Error ? { cause: { type: err.cause.name, message: err.cause.message } } : {}),
        };
      },
    },
    ...(config.NODE_ENV === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : { stream: new LinePerTurnDestination(1) }),
  };
}

/** drizzle: "Failed query: select … \nparams: a,b" — keep the query, drop the values. */
function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [REDACTED]');
}
