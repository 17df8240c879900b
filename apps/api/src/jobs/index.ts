import type { AppContext } from '../context.js';
import { reconcileTransactions } from './reconcile.js';

const RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * Starts the in-process scheduled jobs (config JOBS=on). Each run claims its rows in the database,
 * so several API instances can run them side by side. Returns a stop function.
 */
export function startJobs(ctx: AppContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await reconcileTransactions(ctx);
      if (result.checked) ctx.log.info(result, 'reconcile: transactions refreshed');
    } catch (err) {
      ctx.log.error({ err }, 'reconcile job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
