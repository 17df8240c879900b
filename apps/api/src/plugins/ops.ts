import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One readiness check: resolves when its dependency answers, throws (or times out) when not. */
export type ReadinessCheck = () => Promise<void>;

export interface OpsOptions {
  /** Named checks for /readyz (database, provider, …), each given READY_TIMEOUT_MS. */
  checks: Record<string, ReadinessCheck>;
  /** Counts by status for the gauges, read on every scrape. */
  countsByStatus: () => Promise<{ tips: Record<string, number>; charges: Record<string, number> }>;
  /** The mail outbox's depth, read on every scrape. */
  outboxDepth: () => Promise<{ pending: number; oldestPendingSeconds: number }>;
  /** Queue jobs that used up their attempts, by task (JOBS=queue, decision 078). */
  failedQueueJobs?: () => Promise<Record<string, number>>;
  /** Bearer token for /metrics; without one /metrics is served only outside production. */
  metricsToken?: string;
  production: boolean;
}

export interface OpsMetrics {
  /** A scheduled job finished: its name, 'ok' or 'failed', and how long it took. */
  jobRun(name: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** Many failed logins for one account (auth.service.ts): alert on this counter's rate. */
  loginFailureAlert(): void;
}

const READY_TIMEOUT_MS = 2000;

/**
 * What operators and orchestrators ask of a running process: GET /healthz (the process is up),
 * GET /readyz (its dependencies answer; 503 naming the one that does not) and Prometheus metrics
 * at /metrics (request rate and latency per route, tips and charges by status, job runs, Node
 * process figures). None of these is part of the public API document.
 */
export function registerOps(app: FastifyInstance, options: OpsOptions): OpsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'podpot_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'podpot_job_runs_total',
    help: 'Scheduled job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'podpot_job_duration_seconds',
    help: 'Scheduled job run time',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [registry],
  });
  const loginAlerts = new Counter({
    name: 'podpot_login_failure_alerts_total',
    help: 'Accounts that reached LOGIN_ALERT_FAILURES wrong passwords within an hour',
    registers: [registry],
  });
  const byStatus = (name: string, help: string, key: 'tips' | 'charges') =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const counts = (await options.countsByStatus())[key];
        this.reset();
        for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      },
    });
  byStatus('podpot_tips', 'One-off tips by status', 'tips');
  byStatus('podpot_recurring_charges', 'Monthly-tip charges by status', 'charges');
  const outbox = (name: string, help: string, key: 'pending' | 'oldestPendingSeconds') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await options.outboxDepth())[key]);
      },
    });
  // Alert on these: mail that does not leave (SMTP down, a worker that does not run) shows here first.
  outbox('podpot_mail_outbox_pending', 'Mails queued and not sent yet', 'pending');
  outbox(
    'podpot_mail_outbox_oldest_pending_seconds',
    'How long the oldest unsent mail has waited (0 when none)',
    'oldestPendingSeconds',
  );

  // Alert on this too: a scheduled job that failed all its attempts on the queue (its error is in
  // graphile_worker.jobs.last_error; docs/operations.md, "Monitoring").
  const failedJobs = options.failedQueueJobs;
  if (failedJobs) {
    new Gauge({
      name: 'podpot_job_queue_failed',
      help: 'Scheduled jobs on the queue that failed all their attempts, by task',
      labelNames: ['task'] as const,
      registers: [registry],
      async collect() {
        const counts = await failedJobs();
        this.reset();
        for (const [task, n] of Object.entries(counts)) this.set({ task }, n);
      },
    });
  }

  // One series per method, route and status, looked up by one string key: prom-client's own lookup
  // (validating, sorting and hashing the labels) on every request was a visible share of a cheap read's CPU
  // (decision 027). A sync hook: no promise per request.
  const series = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched paths (the SPA, 404s) share one label, so a scan cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = requests.labels({ method: request.method, route, status: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), READY_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (err) {
          app.log.warn({ err, check: name }, 'readiness check failed');
          return [name, 'failing'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  app.get('/metrics', hidden, async (request, reply) => {
    if (!mayScrape(request, options))
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' });
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });

  return {
    jobRun(name, outcome, seconds) {
      jobs.inc({ job: name, outcome });
      jobSeconds.observe({ job: name }, seconds);
    },
    loginFailureAlert() {
      loginAlerts.inc();
    },
  };
}

function mayScrape(request: FastifyRequest, options: OpsOptions): boolean {
  if (!options.metricsToken) return !options.production;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(options.metricsToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
