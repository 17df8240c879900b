import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FeedFailure } from '@podpot/domain';
import { FeedFetchError } from './feeds.fetcher.js';
import type { ParsedFeed } from './feeds.parser.js';

/*
 * Parsing a feed off the event loop (decision 060). A feed is a stranger's document of up to 10 MB:
 * even a linear parse of it takes hundreds of milliseconds, which on the event loop every other
 * request would wait for. Each parse runs in its own worker thread with a time budget; over budget
 * the worker is terminated and the feed is not_a_feed. At most PARALLEL_PARSES run at once (the rest
 * wait their turn), each with a bounded heap.
 */

const PARALLEL_PARSES = 2;
/** A worker's heap: a 10 MB feed parses in well under this; beyond it the feed is refused. */
const WORKER_HEAP_MB = 256;

type WorkerAnswer = { feed: ParsedFeed } | { failure: { reason: FeedFailure; message: string } };

/**
 * The worker's entry: the built one beside the running bundle (dist/feeds.parse-worker.js), or, when
 * the API runs from its TypeScript source (tsx, vitest), the source through tsx. `import.meta.filename`
 * is the file actually running (the build rewrites `import.meta.url` to the source's, see build.mjs).
 */
function workerEntry(): URL {
  const running = import.meta.filename;
  if (running?.endsWith('.js')) return pathToFileURL(path.join(path.dirname(running), 'feeds.parse-worker.js'));
  return new URL('./feeds.parse-worker.dev.mjs', import.meta.url);
}

let running = 0;
const waiting: (() => void)[] = [];

/** Parses a fetched body in a worker within `timeoutMs`; FeedFetchError('not_a_feed') when it is no feed or takes longer. */
export async function parseFeedInWorker(
  body: Buffer,
  contentType: string | null,
  timeoutMs: number,
): Promise<ParsedFeed> {
  if (running >= PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await parseInWorker(body, contentType, timeoutMs);
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function parseInWorker(body: Buffer, contentType: string | null, timeoutMs: number): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      workerData: { body, contentType },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new FeedFetchError('not_a_feed', `Not read within ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() =>
        'feed' in answer
          ? resolve(answer.feed)
          : reject(new FeedFetchError(answer.failure.reason, answer.failure.message)),
      ),
    );
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FeedFetchError('not_a_feed', 'Too much to read') : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The feed parser ended without an answer (${code})`))));
  });
}
