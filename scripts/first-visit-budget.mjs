#!/usr/bin/env node
// The JavaScript a listener's first visit to a storefront (`/{slug}`) loads, from the web build's
// manifest (apps/web/dist/.vite/manifest.json): the storefront's own entry (storefront.html) with
// everything it imports statically, and the page's code it loads at once (boot.tsx); its other lazy
// chunks (the monthly tip's login) load only when chosen.
// Also the tip widget's loader (/embed.js, decision 094): at most 5 kB brotli.
// Sizes are brotli, as the API sends them (the build writes a .br beside each file). Fails when the
// total is above the budget. Run after `npm run build`; `npm test` runs it in its e2e stage.
//
// `--packages` adds, per page, its JS by package (bytes before compression, from .vite/modules.json).
//
//   node scripts/first-visit-budget.mjs [--json] [--packages]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Brotli bytes of first-visit JS: the goal of issue 12 is 90 kB; decision 021 reached 70.5 kB, so the budget is that + a small margin. */
export const FIRST_VISIT_JS_BUDGET_BYTES = 75_000;
/** JS files of the first visit (issue 12: at most 12 requests before the form is usable; 6 reached). */
export const FIRST_VISIT_JS_MAX_FILES = 8;

/**
 * What a first visit to a storefront loads (decision 021): its own entry, and the page's code the entry
 * imports right after the first paint, each with what it imports statically.
 */
export const STOREFRONT_ROOTS = ['storefront.html', 'src/storefront/boot.tsx'];
/** The landing page (`/`, `/nl`) is its own entry of the same kind (home.html, src/home): the same budget. */
export const HOME_ROOTS = ['home.html', 'src/home/boot.tsx'];
/**
 * The order page (`/order`), a page of the full app (index.html) with its lazy route: a budget of its own
 * that holds what it is (decision 089: 336.8 kB in 49 files, 344.4 kB in 55 after issues 40–41; issue 39's goal of 150 kB needs an entry of
 * its own, like the storefront's), so it does not grow unnoticed.
 */
export const ORDER_ROOTS = ['index.html', 'src/app/routes/public/order.tsx'];
const ORDER_JS_BUDGET_BYTES = 346_000;
/**
 * The tip widget's loader (`/embed.js`, decision 094), which a maker's own page loads on every visit:
 * one file, at most 5 kB brotli (issue 41); the form and React load only on a click, inside the frame.
 */
export const WIDGET_LOADER_FILE = 'embed.js';
export const WIDGET_LOADER_BUDGET_BYTES = 5_000;
const ORDER_JS_MAX_FILES = 56;
/** No web chunk holds the password dictionaries: the API judges a new password (decision 082). */
const PASSWORD_ESTIMATOR = /password-estimator/;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist');

function brotliSize(file) {
  const br = `${file}.br`;
  if (existsSync(br)) return readFileSync(br).length;
  const content = readFileSync(file);
  return brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The JS files (dist-relative) reached from `roots` through static imports. */
export function firstVisitFiles(manifest, roots) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry)
      throw new Error(
        `${key} is not in the build manifest: the web build no longer has it (apps/web vite.config.ts input)`,
      );
    if (entry.file.endsWith('.js')) files.push(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  for (const key of roots) visit(key);
  return files;
}

/** The package a module belongs to: its npm name, or its folder in the repository (e.g. `apps/web/src/locales`). */
function packageOf(id) {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  return npm ? npm[1] : id.split('/').slice(0, 4).join('/');
}

/** Bytes (before compression) per package in `files`, largest first, from the build's .vite/modules.json. */
export function sizesByPackage(files) {
  const modulesFile = path.join(dist, '.vite/modules.json');
  if (!existsSync(modulesFile)) throw new Error(`No module sizes at ${modulesFile}: run \`npm run build\` first`);
  const chunks = JSON.parse(readFileSync(modulesFile, 'utf8'));
  const sizes = new Map();
  for (const file of files) {
    for (const [id, bytes] of Object.entries(chunks[file] ?? {})) {
      sizes.set(packageOf(id), (sizes.get(packageOf(id)) ?? 0) + bytes);
    }
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

export function measureFirstVisit(roots = STOREFRONT_ROOTS) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = firstVisitFiles(manifest, roots).map((file) => {
    const full = path.join(dist, file);
    return { file, raw: readFileSync(full).length, brotli: brotliSize(full) };
  });
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  return { files, requests: files.length, raw: total('raw'), brotli: total('brotli') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  let over = false;
  for (const [page, roots, budget, maxFiles] of [
    ['/{slug}', STOREFRONT_ROOTS, FIRST_VISIT_JS_BUDGET_BYTES, FIRST_VISIT_JS_MAX_FILES],
    ['/ and /nl', HOME_ROOTS, FIRST_VISIT_JS_BUDGET_BYTES, FIRST_VISIT_JS_MAX_FILES],
    ['/order', ORDER_ROOTS, ORDER_JS_BUDGET_BYTES, ORDER_JS_MAX_FILES],
  ]) {
    const result = measureFirstVisit(roots);
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify({ page, ...result }, null, 2));
    } else {
      for (const f of [...result.files].sort((a, b) => b.brotli - a.brotli)) {
        console.log(`${kb(f.brotli).padStart(10)} br  ${kb(f.raw).padStart(10)} raw  ${f.file}`);
      }
      if (process.argv.includes('--packages')) {
        console.log('\n  by package (before compression):');
        for (const [name, bytes] of sizesByPackage(result.files.map((f) => f.file)).slice(0, 20)) {
          console.log(`${kb(bytes).padStart(10)}  ${name}`);
        }
      }
    }
    const within = result.brotli <= budget && result.requests <= maxFiles;
    over ||= !within;
    console.log(
      `\nFirst visit to ${page}: ${result.requests} JS files, ${kb(result.raw)} raw, ${kb(result.brotli)} brotli — ${within ? 'within' : 'OVER'} the budget of ${kb(budget)} in at most ${maxFiles} files\n`,
    );
  }
  const loader = path.join(dist, WIDGET_LOADER_FILE);
  const loaderBrotli = existsSync(loader) ? brotliSize(loader) : Number.POSITIVE_INFINITY;
  const loaderWithin = loaderBrotli <= WIDGET_LOADER_BUDGET_BYTES;
  over ||= !loaderWithin;
  console.log(
    `The widget's loader /${WIDGET_LOADER_FILE}: ${existsSync(loader) ? `${loaderBrotli} bytes brotli` : 'not in the build'} — ${loaderWithin ? 'within' : 'OVER'} the budget of ${kb(WIDGET_LOADER_BUDGET_BYTES)}\n`,
  );
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const estimator = Object.keys(manifest).filter((key) => PASSWORD_ESTIMATOR.test(key));
  if (estimator.length > 0) {
    console.log(
      `The web build holds the password dictionaries (${estimator.join(', ')}): the API judges passwords (decision 082)`,
    );
    over = true;
  }
  if (over) process.exit(1);
}
