import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { buildDevApp } from '../../src/dev/host.js';
import { signAccessToken } from '../../src/lib/access-token.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 8.8: without JWT_SECRET / OPP_NOTIFY_SECRET every process used to invent its own, so a second
 * app server (or a restart) refused the first one's tokens and the provider's notifications.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function configOf(env: Record<string, string> = {}) {
  return loadConfig(env, { NODE_ENV: 'development', DATA_DIR: t.dataDir, PORT: 0, LOG_LEVEL: 'silent', JOBS: 'off' });
}

describe(`secrets outside production (${TEST_DB})`, () => {
  it('are generated once per database and shared by every process on it', async () => {
    const second = await buildDevApp({ config: configOf(), db: t.database.db, logger: false });
    try {
      expect(second.ctx.config.JWT_SECRET).toHaveLength(64);
      expect(second.ctx.config.JWT_SECRET).toBe(t.ctx.config.JWT_SECRET);
      expect(second.ctx.config.OPP_NOTIFY_SECRET).toBe(t.ctx.config.OPP_NOTIFY_SECRET);
      expect(second.ctx.config.OPP_NOTIFY_SECRET).not.toBe(second.ctx.config.JWT_SECRET);
      // A token signed by one process is accepted by the other.
      const user = await t.createUser();
      const { token } = await signAccessToken(second.ctx.config, { id: user.id, tokenVersion: 0 });
      const me = await t.api('GET', '/users/me', { token });
      expect(me.status, me.text).toBe(200);
    } finally {
      await second.app.close();
    }
  });

  it('come from the environment when it sets them', async () => {
    const secret = 'x'.repeat(40);
    const app = await buildDevApp({ config: configOf({ JWT_SECRET: secret }), db: t.database.db, logger: false });
    try {
      expect(app.ctx.config.JWT_SECRET).toBe(secret);
      expect(app.ctx.config.OPP_NOTIFY_SECRET).toBe(t.ctx.config.OPP_NOTIFY_SECRET);
    } finally {
      await app.app.close();
    }
  });

  it('are required in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, { DATA_DIR: t.dataDir })).toThrow(
      /JWT_SECRET is not set[\s\S]*OPP_NOTIFY_SECRET is not set/,
    );
    expect(() =>
      loadConfig(
        { NODE_ENV: 'production', JWT_SECRET: 'b3f1c8e2a9d47f6e0c5b1a8d2e9f3c7a6b4d8e1f0a' },
        { DATA_DIR: t.dataDir },
      ),
    ).toThrow(/OPP_NOTIFY_SECRET is not set/);
  });
});
