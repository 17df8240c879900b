import { hostname } from 'node:os';
import { type FastifyBaseLogger, LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream } from 'pino';
import { redactUrl } from '../lib/log-options.js';

/** Where the request lines go, when the app's logger writes JSON to a stream (not in development). */
export interface RequestLogStream {
  level: string;
  stream: DestinationStream;
}

const INFO = pino.levels.values.info ?? 30;

type Request = Parameters<LogController['requestCompleted']>[1];
type Reply = Parameters<LogController['requestCompleted']>[2];

/**
 * One log line per request, when its answer is sent: method, URL (credentials in its query redacted),
 * host, remote address, status and time taken — at info, or at error with the error when the answer
 * failed. Fastify's own request logging wrote two lines per request ("incoming request" and "request
 * completed"), each through the serializers, redaction and a write to stdout: on a cheap read that was
 * a fifth of the process's CPU time (decision 027). What is lost is the line for a request that never
 * finishes. Fastify's other lines (404s, errors of the default error handler, stream errors) are as
 * before.
 *
 * The completed line is written here, as pino would write it (level, time, pid, hostname, reqId, req,
 * res, responseTime, msg), straight to the app logger's stream: nothing in it is a header, a body or an
 * object that could hold a secret, and the URL is redacted by hand, so it skips pino's serializers and
 * redaction — pino's generic write of this one object was over a quarter of a cached read's CPU
 * (decision 046). Without a stream (development's pretty printer, tests without logs) the line goes
 * through the request's logger.
 */
class OneLinePerRequest extends LogController {
  readonly #to: RequestLogStream | null;
  /** `,"pid":…,"hostname":…` as pino's default bindings write it. */
  readonly #bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(to: RequestLogStream | null) {
    super();
    this.#to = to && (pino.levels.values[to.level] ?? Number.POSITIVE_INFINITY) <= INFO ? to : null;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: Request, reply: Reply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (this.#to) {
      const req = {
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      };
      this.#to.stream.write(
        `{"level":${INFO},"time":${Date.now()}${this.#bindings},"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(req)},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** The `logController` option of the app's Fastify: `to` is the app logger's level and stream, if any. */
export function requestLogController(to: RequestLogStream | null = null): LogController {
  return new OneLinePerRequest(to);
}

/** The level and stream of a logger option that writes JSON to a stream; null for any other. */
export function requestLogStream(logger: unknown): RequestLogStream | null {
  if (typeof logger !== 'object' || logger === null) return null;
  const { level, stream } = logger as { level?: unknown; stream?: DestinationStream };
  return typeof level === 'string' && stream && typeof stream.write === 'function' ? { level, stream } : null;
}

/** A pino log method, called with the arguments it was given. */
type Log = (this: unknown, ...args: unknown[]) => void;

/**
 * The logger of one request (`request.log`), made only when something logs through it (decision 049).
 * Fastify made a pino child with the request's id for every request, and pino ran the child's bindings
 * through its serializers and redaction, work for a hot read that logs nothing but its access line,
 * which is written here without it. A line logged through the request (an error, a warning) comes from
 * the same child, with the same `reqId`, as before.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  fatal(...args: unknown[]): void {
    (this.#logger().fatal as Log).apply(this.#child, args);
  }
  error(...args: unknown[]): void {
    (this.#logger().error as Log).apply(this.#child, args);
  }
  warn(...args: unknown[]): void {
    (this.#logger().warn as Log).apply(this.#child, args);
  }
  info(...args: unknown[]): void {
    (this.#logger().info as Log).apply(this.#child, args);
  }
  debug(...args: unknown[]): void {
    (this.#logger().debug as Log).apply(this.#child, args);
  }
  trace(...args: unknown[]): void {
    (this.#logger().trace as Log).apply(this.#child, args);
  }
  silent(...args: unknown[]): void {
    (this.#logger().silent as Log).apply(this.#child, args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** The `childLoggerFactory` option of the app's Fastify: each request's logger is made on first use. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}
