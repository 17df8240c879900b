import { LogController } from 'fastify';

/**
 * One log line per request, when its answer is sent: method, URL (credentials in its query redacted by
 * the `req` serializer, lib/log-options.ts), host, remote address, status and time taken — at info, or
 * at error with the error when the answer failed. Fastify's own request logging wrote two lines per
 * request ("incoming request" and "request completed"), each through the serializers, redaction and a
 * write to stdout: on a cheap read that was a fifth of the process's CPU time (decision 027). What is
 * lost is the line for a request that never finishes. Fastify's other lines (404s, errors of the
 * default error handler, stream errors) are as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** The `logController` option of the app's Fastify. */
export function requestLogController(): LogController {
  return new OneLinePerRequest();
}
