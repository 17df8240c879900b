// The parse worker run from its TypeScript source (tsx, vitest): feeds.parse-thread.ts starts this file
// when the API runs from source; the built server starts dist/feeds.parse-worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./feeds.parse-worker.ts', import.meta.url);
