import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
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

/**
 * Writes .vite/modules.json beside the manifest: each JS chunk's modules with their size in the chunk
 * (bytes after tree-shaking, before compression; paths from the repository root), so the first-visit
 * budget can say which packages a page's JS holds (`npm run budget:web -- --packages`, decision 089).
 */
function moduleSizes(): Plugin {
  const repo = path.resolve(root, '../..');
  return {
    name: 'podpot-module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[chunk.fileName] = Object.fromEntries(
          Object.entries(chunk.modules).map(([id, module]) => [
            path.relative(repo, id.replace(/^\0/, '')),
            module.renderedLength,
          ]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * React and the app's small modules the storefront's page (src/storefront) and the landing page's (src/home) import.
 * A new module that only the storefront page's own modules import (e.g. a part of tip-form.tsx) needs no
 * line here: it goes with them into their chunk (storefront-app). One that the app's pages import as well
 * (a domain rule) becomes a JS file of its own on the first visit unless listed here (as supporter-levels
 * and yearly did).
 */
const STOREFRONT_SHARED = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler)[\\/]`,
    String.raw`node_modules[\\/]@tanstack[\\/]react-query[\\/].*queryOptions`,
    String.raw`src[\\/]lib[\\/](auth|api-client|api-error-text|tip-draft|idempotency-key|validation-timing|locale|chunk-reload)\.ts`,
    String.raw`src[\\/]config[\\/]`,
    String.raw`src[\\/]components[\\/](public-menu-entries|logo-shapes)`,
    // What the landing page (src/home) shares with the storefront: the top bar and its translator.
    String.raw`src[\\/]storefront[\\/]((strings|top-bar|icons)\.tsx?|api[\\/]create-)`,
    String.raw`src[\\/]features[\\/]paymentmethods[\\/](rules|api[\\/]list-active|components[\\/]payment-logos)`,
    // supporter-levels and yearly: the storefront's level cards and yearly choice, which the app's pages use too.
    String.raw`packages[\\/]domain[\\/]src[\\/](money|tip-rules|text-rules|routes|locale|list-query|brand|supporter-levels|yearly)\.ts`,
  ].join('|'),
);

/** What a page (index.html, storefront.html, home.html) has in place of the head they share. */
const SHARED_HEAD_MARK = /^([ \t]*)<!-- shared head: head\.html -->$/m;

/**
 * The head the three pages share (head.html: charset, icon, viewport, theme colour, title), written in
 * where each page has its mark, indented as the mark is: one source for it, in the build and in
 * `npm run dev` alike. A page without the mark fails the build.
 */
function sharedHead(): Plugin {
  return {
    name: 'podpot-shared-head',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, { filename }) {
        if (!SHARED_HEAD_MARK.test(html)) throw new Error(`${filename} has no <!-- shared head: head.html --> mark`);
        const head = (await readFile(`${root}head.html`, 'utf8')).trim().split('\n');
        return html.replace(SHARED_HEAD_MARK, (_mark, indent: string) => head.map((line) => indent + line).join('\n'));
      },
    },
  };
}

/**
 * Writes the small stylesheets of the storefront's and the landing page's own entries into their HTML as a
 * `<style>` (decision 021): a first paint then needs the HTML alone, not a round trip for render-blocking CSS.
 */
function inlineStorefrontCss(): Plugin {
  return {
    name: 'podpot-inline-storefront-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const name of ['storefront.html', 'home.html']) {
        const page = bundle[name];
        if (page?.type !== 'asset') continue;
        page.source = String(page.source).replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/g,
          (link, file: string) => {
            const css = bundle[file];
            return css?.type === 'asset' ? `<style>${String(css.source).trim()}</style>` : link;
          },
        );
      }
    },
  };
}

/**
 * The tip widget's loader (src/embed/loader.ts, decision 094) as `embed.js` at the build's root: one plain
 * script at a fixed address that a maker's page loads from us, minified, no chunks, no module. Its
 * brotli size is held under 5 kB (apps/api/test/web/embed-loader.test.ts, scripts/first-visit-budget.mjs).
 */
function embedLoader(): Plugin {
  return {
    name: 'podpot-embed-loader',
    apply: 'build',
    async generateBundle() {
      const source = await readFile(`${root}src/embed/loader.ts`, 'utf8');
      const { code } = await transform(source, { loader: 'ts', minify: true, target: 'es2020' });
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: code });
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

/**
 * The storefront's server build (`vite build --ssr`, decision 021): dist/.ssr/server.mjs, the module
 * the API loads at runtime to render a storefront's and the landing page's first HTML (a dot folder: the
 * API's static serving lists no dot files, so it is never sent). Its entry, src/entries/storefront-server.tsx,
 * also exports the landing page's (home-server.tsx).
 */
const ssrBuild = {
  outDir: 'dist/.ssr',
  emptyOutDir: false,
  manifest: false,
  rollupOptions: {
    input: { server: `${root}src/entries/storefront-server.tsx` },
    output: { format: 'es' as const, entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [sharedHead(), chunkSizeWarning(), moduleSizes(), inlineStorefrontCss(), embedLoader(), precompress()]),
  ],
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
  // The domain package is TypeScript source: bundled into the server build too.
  ssr: { noExternal: ['@podpot/domain'] },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        // .vite/manifest.json: which chunks a page loads, for the first-visit budget (scripts/first-visit-budget.mjs).
        manifest: true,
        emptyOutDir: true,
        // Every browser we support knows modulepreload: no polyfill script on the storefront's first visit.
        modulePreload: { polyfill: false },
        chunkSizeWarningLimit: 2500, // the password dictionaries; chunkSizeWarning() watches the rest at 700 kB
        rollupOptions: {
          // The domain package is plain rules and schemas without side effects: let unused modules (zod schemas,
          // libphonenumber metadata) drop out of chunks that do not use them, e.g. the entry chunk.
          treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
          // Three pages: the app (index.html), a storefront's own small entry (storefront.html, decision 021)
          // and the landing page's (home.html, as light); their scripts are src/entries/{app,storefront,home}.tsx.
          input: { index: `${root}index.html`, storefront: `${root}storefront.html`, home: `${root}home.html` },
          output: {
            // A storefront's first visit in few requests (issue 12: at most 12 before the form is usable):
            // React and the small modules its entry shares with the app in one chunk, not a dozen tiny ones.
            advancedChunks: { groups: [{ name: 'shared', test: (id: string) => STOREFRONT_SHARED.test(id) }] },
          },
        },
      },
}));
