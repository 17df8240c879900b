import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'], alias: { '@': `${root}src` } },
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
          /@testing-library\//,
          /@tanstack\//,
          /react-hook-form/,
          /@hookform\//,
        ],
      },
    },
  },
});
