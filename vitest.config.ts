import { defineConfig } from 'vitest/config';

/**
 * Four test projects: the shared domain rules, the OPP simulator's own parts, the API (real HTTP +
 * real database; it exercises the simulator end to end too), the web app.
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
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers fit the 2-core machine.
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
    ],
  },
});
