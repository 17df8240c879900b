import path from 'node:path';
import { readOutboxDir } from '../../../api/test/support/eml.js';
import { serverOfThisWorker } from './test';

/** The mails this worker's e2e server wrote to its outbox (in its own data dir, see ./test.ts). */
export function readOutbox() {
  return readOutboxDir(path.join(serverOfThisWorker().dataDir, 'outbox'));
}
