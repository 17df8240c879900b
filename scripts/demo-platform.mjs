// The platform as the browser tests start it, for scripts that look at it from outside (bench/web.ts,
// scripts/screenshots.mjs): optionally builds the web app, then runs scripts/e2e-server.mjs on a free
// loopback port (a fresh data folder, demo data, the demo tip jar's merchant at the simulator) and waits
// until the demo tip jar takes tips.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const DEMO_SLUG = 'de-koffiepod';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Until the demo tip jar can take tips (its merchant is registered once the server listens). */
async function waitForDemo(base) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const body = await (await fetch(`${base}/api/v1/tipjars?slug=${DEMO_SLUG}`)).json();
      if (body.data?.[0]?.acceptsTips) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not show the demo tip jar taking tips within 2 minutes`);
}

/** Starts the demo platform (building the web app first when `build`); answers its base URL and stop(). */
export async function startDemoPlatform({ build }) {
  if (build) {
    const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('web build failed');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  try {
    await waitForDemo(base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
