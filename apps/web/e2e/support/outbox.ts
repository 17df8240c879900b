import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOutboxDir } from '../../../../scripts/eml.js';

/** The mails the e2e server wrote to its outbox (its data dir is fixed, see scripts/e2e-server.mjs). */
export function readOutbox(port = Number(process.env.E2E_PORT ?? 3100)) {
  return readOutboxDir(path.join(tmpdir(), `podpot-e2e-${port}`, 'outbox'));
}
