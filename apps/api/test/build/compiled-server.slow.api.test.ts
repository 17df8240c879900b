import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../src/seed/demo.js';
import { DEMO_FEED_PATH } from '../../src/seed/demo-feed.js';
import { type ChildApp, startChildApp } from '../support/child-app.js';

/**
 * `npm start` runs the compiled development server (apps/api/dist/server.dev.js, built by
 * apps/api/build.mjs beside the production server.js; decisions 022, 072). The bundle must find what its modules find beside themselves (both sets of migrations, the
 * web build) and load the packages it leaves to node_modules (argon2's native module, PGlite's wasm).
 */
const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let app: ChildApp | undefined;
afterAll(() => app?.kill(), 60_000);

it('the compiled server starts on an empty database, migrates, seeds, logs in, reads a feed', async () => {
  await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: API_ROOT });
  // An empty PGlite folder: the server runs the API's and the simulator's migrations itself.
  // WEB_DIST unset: the bundle's own idea of where the web build is (an undefined variable is not passed on).
  app = await startChildApp('', { SEED_DEMO: 'true', WEB_DIST: undefined as unknown as string }, [
    'dist/server.dev.js',
  ]);
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status, app.output()).toBe(200);
  const login = await fetch(`${app.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }).toString(),
  });
  expect(login.status, app.output()).toBe(200);
  // A feed is parsed in a worker thread, built as its own file beside the servers (decision 060): the
  // maker previews the demo feed this process serves.
  const maker = await fetch(`${app.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_LOGINS[1].email, password: DEMO_LOGINS[1].password }).toString(),
  });
  const { access_token: token } = (await maker.json()) as { access_token: string };
  const preview = await fetch(`${app.url}/api/v1/feeds/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: `${app.url}${DEMO_FEED_PATH}` }),
  });
  expect(preview.status, app.output()).toBe(200);
  expect(((await preview.json()) as { episodeCount: number }).episodeCount).toBeGreaterThan(0);
  // The start made the platform's merchant at the simulator: its tables were migrated from the bundle too.
  expect(app.output()).not.toMatch(/error/i);
  expect((await fetch(`${app.url}/api/v1/openapi.json`)).status).toBe(200);
  // The web build where it is (apps/web/dist): served if built, else named in the warning.
  const webDist = path.resolve(API_ROOT, '../web/dist');
  if (existsSync(webDist)) expect((await fetch(`${app.url}/`)).headers.get('content-type')).toMatch(/text\/html/);
  else expect(app.output()).toContain(JSON.stringify({ root: webDist }));
}, 180_000);
