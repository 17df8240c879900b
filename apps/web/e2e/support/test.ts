import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The `test` every spec uses: each Playwright worker starts a server of its own (scripts/e2e-server.mjs:
 * the built SPA, the API and the payment simulator on a fresh embedded database with demo data) on a
 * port the OS gives, with a data dir of its own, and its tests' pages go there (`baseURL`). Workers
 * never share data; the tests of one worker share its server, one after another.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const E2E_SERVER = path.join(ROOT, 'scripts/e2e-server.mjs');
/** What the server prints once it listens and the demo tip jar is registered at the provider. */
const READY = /is running at (http\S+)/;
const START_TIMEOUT_MS = 180_000;

export interface E2EServer {
  baseURL: string;
  /** Its DATA_DIR: the mail outbox is in `outbox/` (support/outbox.ts). */
  dataDir: string;
}

let current: E2EServer | undefined;

/** This worker's server (for helpers that read its files, like the mail outbox). */
export function serverOfThisWorker(): E2EServer {
  if (!current) throw new Error('no e2e server in this worker: import test from ./support/test');
  return current;
}

/** A port that was free a moment ago, as the OS chose it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for the ready line on stdout; rejects with the server's last output when it exits first. */
function untilReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => fail(new Error(`the e2e server did not start in ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(new Error(`${error.message}\n${err.slice(-4000)}${out.slice(-2000)}`));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = READY.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code, signal) =>
      fail(new Error(`the e2e server exited (${signal ?? code}) before it was ready`)),
    );
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function startServer(): Promise<{ server: E2EServer; child: ChildProcess }> {
  // The port may be taken between the OS naming it and the server binding it: a few tries.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'podpot-e2e-'));
    // The channel ('ipc') tells the server when this worker is gone, however it ended (scripts/exit-with-parent.mjs).
    const child = spawn(process.execPath, [E2E_SERVER, String(port), dataDir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    try {
      const baseURL = await untilReady(child);
      // Keep reading: a full pipe would block the server's writes. Warnings and errors go to the run's output.
      child.stdout?.resume();
      child.stderr?.pipe(process.stderr);
      return { server: { baseURL, dataDir }, child };
    } catch (error) {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

// Stops this worker's server when the worker process ends without running its fixtures' teardown.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

export const test = base.extend<{ baseURL: string }, { server: E2EServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const { server, child } = await startServer();
      children.add(child);
      current = server;
      await use(server);
      current = undefined;
      await stop(child);
      children.delete(child);
      rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});
