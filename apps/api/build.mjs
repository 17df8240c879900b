/**
 * `npm run build -w apps/api`: the API as JavaScript — the production server, apps/api/dist/server.js,
 * the development server `npm start` runs, dist/server.dev.js (the same app through the dev host:
 * simulator, demo data, previews; decision 072), the chunks they import lazily beside them (decision
 * 022; decision 040 splits the lazy imports into chunks), and the feed parser's worker,
 * dist/feeds.parse-worker.js (decision 060).
 * esbuild bundles the API's TypeScript and the workspace packages it uses (@podpot/domain,
 * @podpot/opp-simulator, which ship source); every other package stays an import of node_modules
 * (native and wasm parts, data files). A module that finds files beside itself through
 * `import.meta.url` (migrations, the web build, fonts) keeps finding them from its own place: its
 * `import.meta.url` becomes its source file's URL, relative to the bundle.
 * The deployable folder (`npm run build`: deploy/, production only) is scripts/deploy-build.mjs's
 * (decision 079), with the same options.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// API_OUT_DIR: a folder of its own beside dist/ (same depth, so the bundle's relative paths hold), for a
// test that must not share dist/ with another test rebuilding it at the same time.
const OUT_DIR = process.env.API_OUT_DIR ? path.resolve(process.env.API_OUT_DIR) : path.join(HERE, 'dist');

/** Bare imports stay imports, except the workspace's own packages. */
export const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@podpot/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` of a bundled module: the URL of its own source file, relative to the bundle, as if
 * the bundle's folder stood at `standsFor` (dist/ itself here; deploy/api stands where apps/api does,
 * scripts/deploy-build.mjs). `onSource` sees each source that mentions it.
 */
export function ownImportMetaUrl(standsFor, onSource = () => {}) {
  return {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        onSource(source);
        const relative = path.relative(standsFor, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/** How every build of the API bundles (here and scripts/deploy-build.mjs): `entryPoints` into `outdir`. */
export function apiBuildOptions({ entryPoints, outdir, standsFor, onSource }) {
  return {
    entryPoints: entryPoints.map((entry) => path.join(HERE, entry)),
    outdir,
    // Every entry in the out folder itself (not modules/feeds/), where the chunks are too.
    entryNames: '[name]',
    // Each `import()` its own chunk, so what the API loads lazily (the password dictionaries, the mail
    // renderer, the PDF and image libraries) stays out of a process's memory until it is used; in one
    // file esbuild hoists their imports to the top and every process loads them at start.
    splitting: true,
    // Beside server.js, so the import.meta.url rewrite (relative to the out folder) holds in a chunk too.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Class and function names as in the source (errors and logs name them).
    keepNames: true,
    sourcemap: 'linked',
    plugins: [externalPackages, ownImportMetaUrl(standsFor, onSource)],
    logLevel: 'warning',
  };
}

/**
 * Every character above U+00FF escaped (esbuild leaves them in comments: a dash, an ellipsis): V8 keeps
 * each module's source text for as long as the process runs, and one such character makes it a
 * two-byte string — server.js's 0.6 MB held as 1.1 MB (decision 048).
 */
export async function latin1Only(outDir) {
  for (const name of await readdir(outDir)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(outDir, name);
    const source = await readFile(file, 'utf8');
    const latin1 = source.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (latin1 !== source) await writeFile(file, latin1);
  }
}

// Run as `node build.mjs` (scripts/deploy-build.mjs imports the parts above).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // No chunk of an earlier build left beside the new ones.
  await rm(OUT_DIR, { recursive: true, force: true });
  await build(
    apiBuildOptions({
      // The feed parser's worker is an entry of its own: a worker thread starts from a file, and
      // feeds.parse-thread.ts looks for it beside the running bundle (decision 060).
      // dist/migrate.js: `npm run db:migrate` as a built file (decision 077); dist/worker.js: the worker
      // process (decision 078).
      entryPoints: [
        'src/server.ts',
        'src/server.dev.ts',
        'src/modules/feeds/feeds.parse-worker.ts',
        'src/migrate.ts',
        'src/worker.ts',
      ],
      outdir: OUT_DIR,
      standsFor: OUT_DIR,
    }),
  );
  await latin1Only(OUT_DIR);
  console.log(
    `built ${['server.js', 'server.dev.js', 'worker.js', 'migrate.js'].map((name) => path.relative(process.cwd(), path.join(OUT_DIR, name))).join(', ')}`,
  );
}
