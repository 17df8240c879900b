import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import type { Database } from '../../src/db/client.js';
import { createTestDatabase } from '../support/test-db.js';

/**
 * Process roles (decision 078, issue 38 item 2): a worker process answers its health and metrics
 * endpoints and nothing of the API or the pages; a web process answers both.
 */
describe('process roles', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function appOf(role: 'web' | 'worker') {
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        DATA_DIR: await mkdtemp(path.join(tmpdir(), 'podpot-role-')),
        JOBS: 'off',
        LOG_LEVEL: 'silent',
      },
    );
    // No provider call happens here: the address only has to be given.
    return (await buildApp({ config, db: database.db, role, providerUrl: 'http://127.0.0.1:9', logger: false })).app;
  }

  it('a worker serves /healthz, /readyz and /metrics, no API and no pages', async () => {
    const app = await appOf('worker');
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      expect((await app.inject('/metrics')).body).toContain('podpot_mail_outbox_pending');
      expect((await app.inject('/api/v1/faqitems')).statusCode).toBe(404);
      expect((await app.inject('/de-koffiepod')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('a web process serves the API', async () => {
    const app = await appOf('web');
    try {
      expect((await app.inject('/api/v1/faqitems')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
