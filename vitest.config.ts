import { configDefaults, defineConfig } from 'vitest/config';

/** The API's test files; the two file-name marks below choose the other two API projects. */
const API_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/** `*.isolated.api.test.ts`: files that need a module graph of their own. */
const ISOLATED = '**/*.isolated.*test.ts';
/** `*.slow.api.test.ts`: files that take long (over ~25 s) or run child processes or Redis. */
const SLOW = '**/*.slow.*test.ts';

/** What the three API projects share (real HTTP + a real database per file). */
const api = {
  root: './apps/api',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One migrated template database per run, which each file's database is copied from.
  globalSetup: ['./test/support/global-setup.ts'],
  // Each file gets its own database; two workers fit the 2-core machine.
  maxWorkers: 2,
} as const;

/**
 * The test projects: the shared domain rules, the OPP simulator's own parts, the API (real HTTP +
 * real database; it exercises the simulator end to end too) in three — api (the fast, shared-module
 * bulk), api-isolated and api-slow, chosen by file name — and the web app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'opp-simulator',
          root: './apps/opp-simulator',
          // Its parts (src/) and the simulator on its own over HTTP (test/: TEST_DB=pg for PostgreSQL).
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...api,
          name: 'api',
          include: API_TESTS,
          exclude: [...configDefaults.exclude, ISOLATED, SLOW],
          // Files share one worker's module graph (the app's modules load once per worker, not once per
          // file). A file that stubs globals or module state for good goes to api-isolated instead.
          isolate: false,
        },
      },
      {
        test: {
          ...api,
          name: 'api-isolated',
          include: [ISOLATED],
          exclude: [...configDefaults.exclude, SLOW],
          // Empty while no file needs it: the fast tier still runs this project by name.
          passWithNoTests: true,
        },
      },
      {
        // Minutes-long files, child processes, kill -9, Redis: the full run has them, the fast gate not.
        test: { ...api, name: 'api-slow', include: [SLOW] },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
