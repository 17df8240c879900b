import type { AppContext } from '../context.js';
import { runCharges } from '../modules/recurring-tips/recurring-tips.charge-job.js';
import { runMoneyCheck } from './money-check.js';
import { reconcileTransactions } from './reconcile.js';

const RECONCILE_EVERY_MS = 5 * 60_000;
const CHARGE_EVERY_MS = 15 * 60_000;
const MONEY_CHECK_EVERY_MS = 60 * 60_000;

/** Runs `job` every `everyMs`, never two of the same at once in this process. */
function every(ctx: AppContext, name: string, everyMs: number, job: () => Promise<void>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      ctx.log.error({ err }, `${name} job failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Starts the in-process scheduled jobs (config JOBS=on). Each run claims its rows in the database,
 * so several API instances can run them side by side. Returns a stop function.
 */
export function startJobs(ctx: AppContext): () => void {
  const stops = [
    every(ctx, 'reconcile', RECONCILE_EVERY_MS, async () => {
      const result = await reconcileTransactions(ctx);
      if (result.checked) ctx.log.info(result, 'reconcile: transactions refreshed');
    }),
    // Monthly tips: pre-notifications, new months, dunning retries (jobs/charge.ts).
    every(ctx, 'charge', CHARGE_EVERY_MS, async () => {
      const result = await runCharges(ctx);
      if (result.claimed || result.sent || result.preNotified) ctx.log.info(result, 'charge: monthly tips');
    }),
    // The standing money check (docs/money-check.md): stored per run, an error log line when anything is off.
    every(ctx, 'money check', MONEY_CHECK_EVERY_MS, async () => {
      await runMoneyCheck(ctx);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
