#!/usr/bin/env node
// Starts the whole platform for the browser tests: a fresh data dir, demo data, the simulator with
// its test helpers (NODE_ENV=development), on the port given as the first argument, in the data dir
// given as the second (default: one named after the port in the system's temp dir). Each Playwright
// worker starts one of these (apps/web/e2e/support/test.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = process.argv[2] ?? '3100';
// A known place, so browser tests can read the mail outbox (apps/web/e2e/support/outbox.ts).
const dataDir = process.argv[3] ?? path.join(tmpdir(), `podpot-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// The server gets a channel to this process only to notice when it is gone (see exit-with-parent.mjs).
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', './scripts/exit-with-parent.mjs', 'apps/api/src/server.dev.ts'],
  {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by a test worker with a channel: when the worker is gone (ended, crashed or killed), so is this.
if (process.connected) process.on('disconnect', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
