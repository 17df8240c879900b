/**
 * `npm run build`: the deployable folder, deploy/ (decision 079): what production runs, and nothing else.
 *
 *   deploy/package.json          dependencies: exactly the npm packages the bundle and the server render
 *                                build import at run time (and the peers those need), at the versions
 *                                installed here (package-lock.json); `npm install --omit=dev` there
 *   deploy/api/server.js         the web process; worker.js the worker (decision 078); migrate.js
 *                                `db:migrate` (decision 077); feeds.parse-worker.js and the lazy chunks
 *   deploy/api/drizzle/          the migrations (SQL and the journal)
 *   deploy/api/src/db/triggers/  the trigger functions' files (decision 073)
 *   deploy/web/dist/             the web app's files and its server render build (.ssr/server.mjs)
 *
 * deploy/api stands where apps/api stands and deploy/web/dist where apps/web/dist does: a module that
 * finds a file beside itself through `import.meta.url` finds it in the same place relative to the
 * bundle (apps/api/build.mjs), wherever the folder is moved. Production entries only: no dev host
 * (server.dev.ts), so no simulator, demo data or mail previews.
 *
 *   node scripts/deploy-build.mjs [--reuse-web]   (--reuse-web: keep a web build already in apps/web/dist)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { apiBuildOptions, externalPackages, latin1Only } from '../apps/api/build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = path.join(ROOT, 'apps/api');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const DEPLOY = path.join(ROOT, 'deploy');
const DEPLOY_API = path.join(DEPLOY, 'api');

if (!(process.argv.includes('--reuse-web') && existsSync(path.join(WEB_DIST, '.ssr/server.mjs')))) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
}

await rm(DEPLOY, { recursive: true, force: true });

/** Packages named by a source through `require.resolve('…')` (a file of theirs read at run time: the PDF fonts). */
const resolvedAtRunTime = new Set();
const api = await build({
  ...apiBuildOptions({
    entryPoints: ['src/server.ts', 'src/worker.ts', 'src/migrate.ts', 'src/modules/feeds/feeds.parse-worker.ts'],
    outdir: DEPLOY_API,
    standsFor: API,
    onSource(source) {
      for (const [, name] of source.matchAll(/require\.resolve\(\s*['"]([^'"]+)['"]/g)) resolvedAtRunTime.add(name);
    },
  }),
  metafile: true,
});
await latin1Only(DEPLOY_API);
// The dev host composes the simulator, the demo data and the previews (decision 072): none of it here.
const devInputs = Object.keys(api.metafile.inputs).filter((input) => /opp-simulator|src\/(dev|seed)\//.test(input));
if (devInputs.length > 0)
  throw new Error(`deploy-build: development code in the production bundle: ${devInputs.join(', ')}`);

// The migrations and the trigger functions where the bundle looks for them.
const drizzle = path.join(API, 'drizzle');
await mkdir(path.join(DEPLOY_API, 'drizzle/meta'), { recursive: true });
for (const name of await readdir(drizzle)) {
  if (name.endsWith('.sql')) await cp(path.join(drizzle, name), path.join(DEPLOY_API, 'drizzle', name));
}
await cp(path.join(drizzle, 'meta/_journal.json'), path.join(DEPLOY_API, 'drizzle/meta/_journal.json'));
await cp(path.join(API, 'src/db/triggers'), path.join(DEPLOY_API, 'src/db/triggers'), {
  recursive: true,
  filter: (source) => !source.endsWith('.ts'),
});
// The web app's files and the server render build (not Vite's manifest, which only the budget script reads).
await cp(WEB_DIST, path.join(DEPLOY, 'web/dist'), {
  recursive: true,
  filter: (source) => !source.includes(`${path.sep}.vite`),
});

// What the server render build imports: it is Vite's, with its packages left to node_modules.
const ssr = await build({
  entryPoints: [path.join(WEB_DIST, '.ssr/server.mjs')],
  bundle: true,
  write: false,
  outdir: path.join(DEPLOY, '.ssr-imports'),
  platform: 'node',
  format: 'esm',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const LOCK = JSON.parse(await readFile(path.join(ROOT, 'package-lock.json'), 'utf8')).packages;
/** The installed package's lock entry: the workspace's own copy first, else the hoisted one. */
function locked(name) {
  for (const where of ['apps/api/', 'apps/web/', 'packages/domain/', '']) {
    const entry = LOCK[`${where}node_modules/${name}`];
    if (entry) return entry;
  }
  throw new Error(`deploy-build: ${name} is imported at run time but not in package-lock.json`);
}

const imported = new Set(resolvedAtRunTime);
for (const meta of [api.metafile, ssr.metafile]) {
  for (const output of Object.values(meta.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (external && !specifier.startsWith('node:') && !specifier.startsWith('@podpot/')) imported.add(specifier);
    }
  }
}
const needed = new Set([...imported].map(packageOf));
/** What the workspaces themselves depend on at run time: an optional peer they chose is needed. */
const chosen = new Set();
for (const workspace of ['apps/api', 'apps/web', 'packages/domain']) {
  const { dependencies = {} } = JSON.parse(await readFile(path.join(ROOT, workspace, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies)) chosen.add(name);
}
// The peers an imported package needs, at the versions installed here (not whatever npm would pick for
// the range): the required ones (@react-email/render's react-dom), and the optional ones the app chose
// (@mui/material's @emotion/react and @emotion/styled).
for (const name of needed) {
  // A Set's for-of visits what is added while it runs: the peers' peers too.
  const { peerDependencies = {}, peerDependenciesMeta = {} } = locked(name);
  for (const peer of Object.keys(peerDependencies)) {
    if (!peerDependenciesMeta[peer]?.optional || chosen.has(peer)) needed.add(peer);
  }
}
const dependencies = Object.fromEntries([...needed].sort().map((name) => [name, locked(name).version]));

const rootPackage = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
const apiPackage = JSON.parse(await readFile(path.join(API, 'package.json'), 'utf8'));
await writeFile(
  path.join(DEPLOY, 'package.json'),
  `${JSON.stringify(
    {
      name: 'podpot',
      version: apiPackage.version,
      private: true,
      type: 'module',
      description: 'Podpot, built for production (npm run build; docs/operations.md)',
      engines: rootPackage.engines,
      scripts: {
        start: 'node api/server.js',
        worker: 'node api/worker.js',
        'db:migrate': 'node api/migrate.js',
      },
      dependencies,
      overrides: rootPackage.overrides,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `built ${path.relative(process.cwd(), DEPLOY)}/: api/server.js, api/worker.js, api/migrate.js, web/dist; ${Object.keys(dependencies).length} production dependencies in package.json (npm install --omit=dev there)`,
);
