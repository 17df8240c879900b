import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { outputOf, startedListening, stopChild } from './child-app.js';

/**
 * The parts of the production topology test (test/topology/): the built app copied where a rebuild by
 * another test cannot pull it away, its processes on fixed ports (a restart takes the same port), the
 * OPP simulator in its own process, a self-signed certificate, and a round-robin proxy with TLS in
 * front (production wants https for PUBLIC_URL and OPP_API_URL).
 */
const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');
const run = promisify(execFile);

/**
 * The API built into a folder of its own beside apps/api/dist (same depth: the bundle's relative paths
 * to migrations and fonts still hold), so a test rebuilding dist/ meanwhile (compiled-server.slow) cannot
 * hand this one half a build. Remove it after.
 */
export async function privateBuild(): Promise<{ dir: string; built: boolean }> {
  const dir = path.join(API_ROOT, `.topology-dist-${randomBytes(4).toString('hex')}`);
  await run(process.execPath, ['build.mjs'], { cwd: API_ROOT, env: { ...process.env, API_OUT_DIR: dir } });
  for (const file of ['server.js', 'worker.js', 'migrate.js']) {
    if (!existsSync(path.join(dir, file))) throw new Error(`the build has no ${file}`);
  }
  return { dir, built: true };
}

/** A self-signed certificate for 127.0.0.1 (openssl), for the proxy; child processes trust it by NODE_EXTRA_CA_CERTS. */
export async function selfSignedCertificate(dir: string) {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { certFile, key: await readFile(keyFile), cert: await readFile(certFile) };
}

/** A process of the built app on a fixed port: `kill()` is kill -9, `stop()` SIGTERM; `start()` again on the same port. */
export class BuiltProcess {
  child!: ChildProcess;
  output: () => string = () => '';
  starts = 0;
  constructor(
    readonly entry: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [this.entry], {
      cwd: API_ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.output = outputOf(this.child);
    this.starts += 1;
    await startedListening(this.child, this.output);
  }

  async kill(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}

export interface SimulatorProcess {
  /** Its own address (plain http): the test pays at its test routes. */
  url: string;
  apiKey: string;
  notifySecret: string;
  stop(): Promise<void>;
}

/** The OPP simulator in a process of its own (bench/sim-server.ts) on `databaseUrl`, as the benches run it. */
export async function startSimulator(databaseUrl: string, env: Record<string, string>): Promise<SimulatorProcess> {
  const apiKey = randomBytes(16).toString('hex');
  const notifySecret = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench/sim-server.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...env,
      SIM_DATABASE_URL: databaseUrl,
      SIM_API_KEY: apiKey,
      SIM_NOTIFY_SECRET: notifySecret,
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port as number));
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it listened`)));
  });
  return { url: `http://127.0.0.1:${port}`, apiKey, notifySecret, stop: () => stopChild(child) };
}

export interface ProxyStats {
  requests: number;
  /** Sent again to the other web process: refused, reset before any answer, or a 503 of a process closing. */
  retried: number;
  /** Answered 502: no web process took it. */
  failed: number;
}

export interface FrontProxy {
  /** The https front (PUBLIC_URL, OPP_API_URL): what the processes and the simulator call. */
  httpsUrl: string;
  /** The same routes over plain http, for the test's own client. */
  httpUrl: string;
  stats: ProxyStats;
  close(): Promise<void>;
}

/**
 * A tiny reverse proxy: `/sim/…` to the simulator, everything else round-robin to the web processes'
 * ports, one connection per request. As nginx's `proxy_next_upstream error http_503` does, a request no
 * web process accepted (connection refused; or, for a GET or a request with an Idempotency-Key, reset
 * before any answer or answered 503 by a process shutting down) goes to the next one.
 */
export async function startProxy(options: { webPorts: number[]; simulator: string; key: Buffer; cert: Buffer }) {
  const stats: ProxyStats = { requests: 0, retried: 0, failed: 0 };
  const simulatorPort = Number(new URL(options.simulator).port);
  let next = 0;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    stats.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const toSimulator = req.url!.startsWith('/sim/');
    const retryable = req.method === 'GET' || Boolean(req.headers['idempotency-key']);
    const first = next++;
    for (let attempt = 0; attempt < 6; attempt++) {
      // A retry goes to the next web process in turn, not where the round-robin has got to meanwhile.
      const port = toSimulator ? simulatorPort : options.webPorts[(first + attempt) % options.webPorts.length]!;
      const outcome = await new Promise<'done' | 'refused' | 'reset' | 'closing'>((resolve) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, connection: 'close' },
            agent: false,
          },
          (answer) => {
            // A process shutting down answers what reaches it after its close began with 503 (Fastify's
            // return503OnClosing): not accepted, sent on as nginx's `proxy_next_upstream http_503` does.
            if (answer.statusCode === 503 && retryable && !toSimulator && attempt < 5) {
              answer.resume();
              resolve('closing');
              return;
            }
            res.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
            answer.on('end', () => resolve('done'));
            answer.on('close', () => resolve('done'));
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) {
            res.destroy();
            resolve('done');
          } else resolve(err.code === 'ECONNREFUSED' ? 'refused' : 'reset');
        });
        upstream.end(body);
      });
      if (outcome === 'done') return;
      if (outcome === 'reset' && !retryable) break;
      stats.retried += 1;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
    stats.failed += 1;
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no web process took the request');
  };
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => void handle(req, res);
  const secure = https.createServer({ key: options.key, cert: options.cert }, onRequest);
  const plain = http.createServer(onRequest);
  const listen = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const [securePort, plainPort] = await Promise.all([listen(secure), listen(plain)]);
  const proxy: FrontProxy = {
    httpsUrl: `https://127.0.0.1:${securePort}`,
    httpUrl: `http://127.0.0.1:${plainPort}`,
    stats,
    close: async () => {
      for (const server of [secure, plain]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
  return proxy;
}
