import { parentPort, workerData } from 'node:worker_threads';
import { FeedFetchError } from './feeds.fetcher.js';
import { parseFeed } from './feeds.parser.js';

/*
 * The parse worker (feeds.parse-thread.ts starts one per feed): parses the body it was given and posts
 * back the feed, or the failure's reason. Built as its own entry, dist/feeds.parse-worker.js (build.mjs).
 */

const { body, contentType } = workerData as { body: Uint8Array; contentType: string | null };
try {
  const feed = parseFeed(Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType);
  parentPort?.postMessage({ feed });
} catch (error) {
  if (!(error instanceof FeedFetchError)) throw error;
  parentPort?.postMessage({ failure: { reason: error.reason, message: error.message } });
}
