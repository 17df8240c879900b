import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real app: the built SPA, the API and the payment simulator in one
 * process, on a fresh embedded database with demo data (scripts/e2e-server.mjs). Each worker starts
 * its own server, on a port the OS gives and with its own data dir (e2e/support/test.ts), so workers
 * and two runs side by side never share data or ports.
 *
 * - everything: `npx playwright test -c apps/web/playwright.config.ts`
 * - the smoke set (the journeys a user would miss first, tagged @smoke): add `--grep @smoke`
 * - workers: 2 by default, E2E_WORKERS to choose (each worker is a browser and a server).
 *
 * Uses Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium): Playwright cannot download browsers here.
 */
// Named once, in the runner (its workers inherit the environment): one artifacts folder per run.
process.env.E2E_RUN ??= `${process.pid}`;

export default defineConfig({
  testDir: './e2e',
  // Separate folders per run, so two runs (e.g. two developers' sessions) never share artifacts.
  outputDir: `./test-results/${process.env.E2E_RUN}`,
  // A hang detector, not a speed limit: a full run on a shared CI machine is up to three times slower than locally.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A spec file's tests run in order in one worker (some build on the one before); files spread over workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No second chance: a test that fails under load is made to wait for what the user sees instead.
  retries: 0,
  // The JSON report only where a file is asked for it (scripts/test.mjs reads the counts from it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
});
