import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real app server in its own process (`src/server.dev.ts`, as `npm start` runs it), for the tests that
 * need two app servers on one PostgreSQL or a `kill -9` in mid-flight. Each gets a free port from the
 * OS and its own data folder; all share the database given.
 */
const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildApp {
  url: string;
  process: ChildProcess;
  /** The process's output so far (for a failing test's message). */
  output(): string;
  /** kill -9: no shutdown hook runs, whatever was in flight is cut off. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** What a child process wrote to stdout and stderr so far. */
export function outputOf(child: ChildProcess): () => string {
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  return () => output;
}

/** How long a server process may take to start: a loaded 2-core machine has taken 40 s (tsx, migrations). */
export const START_DEADLINE_MS = 150_000;

/**
 * Resolves once the server in `child` listens: serve.ts prints its "is running at" banner right
 * after `listen` resolves, so the banner is the observable state (no polling of the port). Rejects if
 * the process exits first, or after START_DEADLINE_MS.
 */
export function startedListening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onData = () => {
      if (/ is running at /.test(output())) done();
    };
    const onExit = () => done(new Error(`the app server exited at start:\n${output()}`));
    const timer = setTimeout(
      () => done(new Error(`the app server did not start within ${START_DEADLINE_MS / 1000} s:\n${output()}`)),
      START_DEADLINE_MS,
    );
    // Listened to after outputOf's own listener, so output() already holds the chunk.
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit();
    else onData();
  });
}

/**
 * Ends a server process with SIGTERM (its own shutdown closes the HTTP server and the database) and
 * resolves once it has exited and its output is complete (stdout and stderr closed).
 */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return child.stdout?.readableEnded === false
      ? new Promise((r) => child.once('close', () => r()))
      : Promise.resolve();
  }
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.kill('SIGTERM');
  return closed;
}

/** A script of apps/api running in a child process (startScript). */
export interface ChildScript {
  process: ChildProcess;
  /** Its exit code (null when killed) and output, once it has ended. */
  ended: Promise<{ code: number | null; output: string }>;
}

/** Starts a script of apps/api in a child process (`kill -9` it through `process`). */
export function startScript(script: string, args: string[], env: Record<string, string>): ChildScript {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = outputOf(child);
  return {
    process: child,
    ended: new Promise((resolve) => child.on('exit', (code) => resolve({ code, output: output() }))),
  };
}

/** Runs a script of apps/api in a child process; resolves with its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return startScript(script, args, env).ended;
}

/** `args`: how node runs the server, by default the development server's TypeScript through tsx (the compiled one: ['dist/server.dev.js']). */
export async function startChildApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  args = ['--import', 'tsx', 'src/server.dev.ts'],
): Promise<ChildApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-child-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      TIP_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = outputOf(child);
  try {
    await startedListening(child, output);
  } catch (err) {
    child.kill('SIGKILL');
    await exited(child);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const cleanUp = () => rm(dataDir, { recursive: true, force: true });
  return {
    url,
    process: child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
      await cleanUp();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      await cleanUp();
    },
  };
}
