/**
 * At most `limit` pieces of work at a time per key, started in the order they were asked for;
 * different keys run side by side. With a limit of 1 it is a FIFO queue per key. In-process: it
 * bounds the work of this process only. Used by the OPP client's per-merchant lanes (decision 019).
 */
export class KeyedLimiter {
  /** Per key with work running: how many run, and the starts of those waiting, oldest first. */
  private readonly keys = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`KeyedLimiter: limit must be a whole number ≥ 1`);
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const state = this.keys.get(key) ?? { running: 0, waiting: [] };
    this.keys.set(key, state);
    if (state.running >= this.limit) {
      // The finishing work hands its slot over directly, so `running` never drops in between.
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    } else {
      state.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else if (--state.running === 0) this.keys.delete(key);
    }
  }

  /** Keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.keys.size;
  }
}
