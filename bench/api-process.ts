import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The node flags `npm start` runs the compiled API with (package.json; decision 044): a 4 MB semi-space. */
export const API_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The environment `npm start` gives the API (package.json; decision 048): glibc's mmap threshold fixed at
 * 128 kB, so each password hash's 19 MB block goes back to the system when freed instead of staying in
 * the malloc arena of the thread that hashed (one per libuv thread: ~80 MB after four logins).
 */
export const API_ENV: NodeJS.ProcessEnv = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** How node runs the compiled API as `npm start` does: its flags and apps/api/dist/server.dev.js (the dev host adds nothing in production). */
export const compiledApiArgs = () => [...API_NODE_FLAGS, path.join(ROOT, 'apps/api/dist/server.dev.js')];

/** The bench's signing secret, the same in every process it starts (so a seeded two-step secret stays readable). */
const BENCH_JWT_SECRET = 'bench-only-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Settings that start the API in production mode on loopback (NODE_ENV=production refuses http
 * addresses and a missing provider): a public address and a provider that are never called while
 * the bench runs. Production does not seed the demo: start it once in development first.
 */
export const PRODUCTION_ENV: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://podpot.bench.invalid',
  OPP_API_URL: 'https://127.0.0.1:9',
  OPP_API_KEY: 'bench-never-sent',
  OPP_NOTIFY_SCHEME: 'none',
  OPP_PLATFORM_MERCHANT_UID: 'mer_bench',
  SELLER_NAME: 'Podpot bench',
  SELLER_ADDRESS: 'Benchstraat 1, Utrecht',
  SELLER_COC: '00000000',
  SELLER_VAT_NUMBER: 'NL000000000B01',
};

/** Builds apps/api/dist/ (server.js, server.dev.js) as `npm start` does (decision 022). */
export function buildCompiledApi() {
  execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * The API as its own process on `databaseUrl` (demo data seeded, jobs off), so its memory is its own
 * (VmHWM of exactly that process). `args`: how node runs it — by default the TypeScript through tsx;
 * `env`: settings over the defaults here.
 */
export async function startApi(
  databaseUrl: string,
  dataDir: string,
  args: string[] = ['--import', 'tsx', path.join(ROOT, 'apps/api/src/server.dev.ts')],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
      JWT_SECRET: BENCH_JWT_SECRET,
      ...API_ENV,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`bench: the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('bench: the API did not start');
}

/** A figure of /proc/<pid>/status in KiB: VmHWM (peak resident memory) or VmRSS (now). */
export function kib(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0);
}

/** Resets the process's VmHWM to its RSS now (Linux: clear_refs 5); false where that is not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
