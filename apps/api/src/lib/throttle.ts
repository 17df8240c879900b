/**
 * Call budgets for work a stranger can trigger (e.g. a provider notification, which anyone can post):
 * a per-key coalescer and a plain token bucket. In-process, so the bounds hold per API process.
 */

interface KeyState<T> {
  /** When the last run for this key started (ms). */
  lastStart: number;
  running?: Promise<T>;
  /** The one run queued behind the current one or the window; later callers join it. */
  next?: Promise<T>;
}

/**
 * Runs `work` for a key at most once per `windowMs`, and never twice at once. A call while a run is
 * in flight, or within the window after one started, joins ONE trailing run that starts once both
 * are over — so every caller's answer comes from a run that started after it called, and a burst of
 * any size costs at most two runs per window. Callers of one run share its result (or its error).
 */
export class KeyedCoalescer<T> {
  private readonly keys = new Map<string, KeyState<T>>();

  constructor(private readonly windowMs: number) {}

  run(key: string, work: () => Promise<T>): Promise<T> {
    this.forgetIdle();
    const state = this.keys.get(key) ?? { lastStart: Number.NEGATIVE_INFINITY };
    this.keys.set(key, state);
    if (state.next) return state.next;
    if (!state.running && Date.now() - state.lastStart >= this.windowMs) return this.start(state, work);
    const previous = state.running;
    const next = (async () => {
      await previous?.catch(() => undefined);
      const wait = state.lastStart + this.windowMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      state.next = undefined;
      return this.start(state, work);
    })();
    state.next = next;
    return next;
  }

  private start(state: KeyState<T>, work: () => Promise<T>): Promise<T> {
    state.lastStart = Date.now();
    const running = work().finally(() => {
      if (state.running === running) state.running = undefined;
    });
    state.running = running;
    return running;
  }

  /** Drops keys with nothing running or queued whose window has passed (keeps the map small). */
  private forgetIdle() {
    if (this.keys.size < 1000) return;
    const now = Date.now();
    for (const [key, state] of this.keys) {
      if (!state.running && !state.next && now - state.lastStart >= this.windowMs) this.keys.delete(key);
    }
  }
}

/** At most `perSecond` takes per second on average, bursts up to `burst`. */
export class TokenBucket {
  private tokens: number;
  private refilled = Date.now();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  /** True (and one token spent) when the budget allows another call now. */
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilled) / 1000) * this.perSecond);
    this.refilled = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
