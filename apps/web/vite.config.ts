import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { STOREFRONT_FIRST_VISIT_MODULES } from './storefront-first-visit.mjs';

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

/**
 * Writes storefront.html: index.html plus `<link rel="modulepreload">` for the chunks a storefront
 * loads at once (its lazy layout and page, with what they import). Without them the browser finds
 * those chunks only after the entry has run: a second round trip before the page can draw. The API
 * serves this file for `/{slug}` (apps/api plugins/web.ts); every other page keeps index.html.
 */
function storefrontHtml(): Plugin {
  return {
    name: 'podpot-storefront-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const id of STOREFRONT_FIRST_VISIT_MODULES) {
        const chunk = chunks.find((c) => c.facadeModuleId === path.join(root, id));
        if (!chunk)
          this.error(`${id} is no chunk of its own: storefront-first-visit.mjs names a module the build no longer has`);
        visit(chunk.fileName);
      }
      // index.html already loads or preloads the entry and its imports.
      const links = [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      this.emitFile({
        type: 'asset',
        fileName: 'storefront.html',
        source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
      });
    },
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files below this are sent as they are: compressing them saves less than the header costs. */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESS_TYPES = /\.(js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` beside each text asset of the build, once,
 * so the API's static serving sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request. index.html is not among them: the API writes a storefront's tags into it
 * per request, and compresses that answer itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'podpot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => PRECOMPRESS_TYPES.test(f));
      // zlib's async calls run on libuv's thread pool: the files compress side by side.
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          };
          await writeFile(`${full}.br`, await brotliAsync(content, { params }));
          await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), chunkSizeWarning(), storefrontHtml(), precompress()],
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
    // .vite/manifest.json: which chunks a page loads, for the first-visit budget (scripts/first-visit-budget.mjs).
    manifest: true,
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500, // the password dictionaries; chunkSizeWarning() watches the rest at 700 kB
    rollupOptions: {
      // The domain package is plain rules and schemas without side effects: let unused modules (zod schemas,
      // libphonenumber metadata) drop out of chunks that do not use them, e.g. the entry chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
    },
  },
});
