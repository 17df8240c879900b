/**
 * One piece of work at a time per key, in the order it was asked for; different keys run side by
 * side. In-process: it orders the calls of this process only. Used by the OPP client so calls naming
 * one merchant never overlap (the provider answers a concurrent request with 409).
 */
export class KeyedQueue {
  /** The tail of each key's chain: settles when the last work queued for the key has finished. */
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // Work starts after the previous work of this key settled, whatever its outcome.
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // The last one out forgets the key, so the map holds only keys with work queued or running.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}
