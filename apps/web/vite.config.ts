import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    // One React for the app and every library that imports it.
    dedupe: ['react', 'react-dom'],
    alias: { '@': `${root}src` },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/sim': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The domain package is plain rules and schemas without side effects: let unused modules (zod schemas,
      // libphonenumber metadata) drop out of chunks that do not use them, e.g. the entry chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
    },
  },
});
