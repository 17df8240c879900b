import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

/** Chunks above this warn: a page's own code must stay small. */
const CHUNK_WARNING_KB = 700;
/**
 * The password dictionaries (domain password-estimator, about 2 MB) are big by nature and load lazily,
 * only where a password is set: Vite's one global limit would warn on every build, so it is set above
 * them and this plugin keeps the 700 kB warning for every other chunk.
 */
function chunkSizeWarning(): Plugin {
  return {
    name: 'podpot-chunk-size-warning',
    apply: 'build',
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.name === 'password-estimator') continue;
        const kb = Buffer.byteLength(chunk.code) / 1000;
        if (kb > CHUNK_WARNING_KB) this.warn(`${chunk.fileName} is ${kb.toFixed(0)} kB (over ${CHUNK_WARNING_KB} kB)`);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), chunkSizeWarning()],
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
    chunkSizeWarningLimit: 2500, // the password dictionaries; chunkSizeWarning() watches the rest at 700 kB
    rollupOptions: {
      // The domain package is plain rules and schemas without side effects: let unused modules (zod schemas,
      // libphonenumber metadata) drop out of chunks that do not use them, e.g. the entry chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
    },
  },
});
