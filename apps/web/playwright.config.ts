import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real app: the built SPA, the API and the payment simulator in one
 * process, on a fresh embedded database with demo data (scripts/e2e-server.mjs), on a port the OS
 * gives (E2E_PORT to choose one), so two runs side by side never collide.
 * Uses Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium): Playwright cannot download browsers here.
 */
// Asked once, in the runner: its workers inherit the environment, and with it the same port.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
])
  .toString()
  .trim();
const PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: './e2e',
  // Separate folders per port, so two runs (e.g. two developers' sessions) never share artifacts.
  outputDir: `./test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `node ../../scripts/e2e-server.mjs ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/v1/paymentmethods`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
