import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';

const SERVER = path.join(path.dirname(new URL(import.meta.url).pathname), 'sim-server.ts');

export interface SimulatorProcess {
  /** The simulated OPP API's base URL (what OPP_API_URL would name). */
  apiBase: string;
  apiKey: string;
  notifySecret: string;
  /** The process id (bench:charge reads its CPU time). */
  pid: number;
  close(): Promise<void>;
}

/** Extra node flags for the simulator process (BENCH_SIM_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`). */
function simNodeArgs(): string[] {
  return (process.env.BENCH_SIM_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * Starts the OPP simulator in its own process (bench/sim-server.ts) on `databaseUrl` (its own
 * tables beside the API's; omitted = PGlite in memory) and resolves once it listens. The API is then
 * pointed at it with OPP_API_URL / OPP_API_KEY / OPP_NOTIFY_SECRET, as at a real provider.
 */
export async function startSimulatorProcess(databaseUrl?: string): Promise<SimulatorProcess> {
  const apiKey = randomBytes(16).toString('hex');
  const notifySecret = randomBytes(16).toString('hex');
  const child: ChildProcess = spawn(process.execPath, [...simNodeArgs(), '--import', 'tsx', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SIM_DATABASE_URL: databaseUrl ?? '',
      SIM_API_KEY: apiKey,
      SIM_NOTIFY_SECRET: notifySecret,
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench: the simulator process exited (${code}) before it listened`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    apiBase: `http://127.0.0.1:${port}/sim/opp/v1`,
    apiKey,
    notifySecret,
    pid: child.pid!,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
