import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
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
      { find: /^@mui\/icons-material\/(\w+)$/, replacement: `${root}../../node_modules/@mui/icons-material/esm/$1.js` },
    ],
  },
  ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
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
