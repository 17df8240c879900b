import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The web app's unit test project, `name` and where it looks for tests given by the caller. */
export function webProject(test: { name: string; include: string[]; exclude?: string[]; isolate?: boolean }) {
  return defineProject({
    root,
    plugins: [react()],
    resolve: {
      // Prefer the ESM builds (emotion's "import" condition points at a CommonJS wrapper).
      conditions: ['module', 'browser', 'development'],
      dedupe: ['react', 'react-dom'],
      alias: [
        { find: '@', replacement: `${root}src` },
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: `${root}src/test/use-sync-external-store-shim.ts`,
        },
        // Deep icon imports resolve to CommonJS files under Node; use the ESM ones.
        {
          find: /^@mui\/icons-material\/(\w+)$/,
          replacement: `${root}../../node_modules/@mui/icons-material/esm/$1.js`,
        },
      ],
    },
    ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
    test: {
      ...test,
      environment: 'jsdom',
      // A stubbed global (fetch) never outlives its test, so files can share a worker.
      unstubGlobals: true,
      setupFiles: ['./src/test/setup.ts'],
      // Inline the React libraries so they resolve the app's React 19 (see vite.config.ts) instead of
      // the React 18 hoisted at the workspace root.
      server: {
        deps: {
          inline: [
            /@mui\//,
            /@emotion\//,
            /react-router/,
            /react-i18next/,
            /@tanstack\//,
            /react-hook-form/,
            /@hookform\//,
            /react-transition-group/,
          ],
        },
      },
    },
  });
}

/**
 * The web app's unit tests share one jsdom and module graph per worker (isolate off: the environment
 * and the React/MUI imports are set up once per worker, not per file). Files that replace modules with
 * vi.mock are named *.isolated.test.ts(x) and keep their own (vitest.isolated.config.ts).
 */
export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: ['src/**/*.isolated.test.{ts,tsx}'],
  isolate: false,
});
