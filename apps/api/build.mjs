/**
 * `npm run build -w apps/api`: the API as one JavaScript file, apps/api/dist/server.js (decision 022).
 * esbuild bundles the API's TypeScript and the workspace packages it uses (@podpot/domain,
 * @podpot/opp-simulator, which ship source); every other package stays an import of node_modules
 * (native and wasm parts, data files). A module that finds files beside itself through
 * `import.meta.url` (migrations, the web build, fonts) keeps finding them from its own place: its
 * `import.meta.url` becomes its source file's URL, relative to the bundle.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.join(HERE, 'dist');

/** Bare imports stay imports, except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@podpot/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.url` of a bundled module: the URL of its own source file, relative to the bundle. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

await build({
  entryPoints: [path.join(HERE, 'src/server.ts')],
  outfile: path.join(OUT_DIR, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Class and function names as in the source (errors and logs name them).
  keepNames: true,
  sourcemap: 'linked',
  plugins: [externalPackages, ownImportMetaUrl],
  logLevel: 'warning',
});
console.log(`built ${path.relative(process.cwd(), path.join(OUT_DIR, 'server.js'))}`);
