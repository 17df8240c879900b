import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone out, so how long it takes shows in no answer: password
 * recovery makes and mails a link only for a known address, and must answer every address alike.
 * A failure is logged (nobody is waiting for it); the app waits for work still running when it closes.
 */
export interface BackgroundWork {
  /** Starts `work` once the current request has answered; never throws at the caller. */
  run(name: string, work: () => Promise<void>): void;
  /** Resolves once all work started so far has finished (graceful shutdown, tests). */
  idle(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      // setImmediate: the handler's reply is sent in this turn; the work starts in the next.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err) => log.error({ err, work: name }, 'background work failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
