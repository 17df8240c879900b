#!/usr/bin/env node
// The layer table (layers.json) is the one source of which API module may import which, and of the
// web features (none imports another). This script
//   - checks every module and feature folder is in the table, and the table has no circle;
//   - checks the imports in the code (static and dynamic) against it, and that no module reaches into
//     another module's repository (a module offers a service or a `*.queries.ts` face instead);
//   - with --write, generates the matching Biome rules (noRestrictedImports overrides in biome.json),
//     so an editor shows a forbidden import as it is typed; without it, fails when biome.json is not
//     what the table generates.
// `npm run lint` and the gate's lint stage run it.
//
//   node scripts/layers.mjs [--write]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const table = JSON.parse(readFileSync(path.join(root, 'layers.json'), 'utf8'));
const biomePath = path.join(root, 'biome.json');
const biome = JSON.parse(readFileSync(biomePath, 'utf8'));
const write = process.argv.includes('--write');
const problems = [];

const folders = (dir) =>
  readdirSync(path.join(root, dir)).filter((name) => statSync(path.join(root, dir, name)).isDirectory());

/* ---------- the table covers every folder and has no circle ---------- */

const modules = table.api.modules;
for (const name of folders(table.api.root)) {
  if (!(name in modules))
    problems.push(`${table.api.root}/${name} is not in layers.json (api.modules): add it with what it may import`);
}
for (const [name, uses] of Object.entries(modules)) {
  for (const used of uses)
    if (!(used in modules)) problems.push(`layers.json: ${name} names an unknown module ${used}`);
}
for (const name of folders(table.web.root)) {
  if (!table.web.features.includes(name))
    problems.push(`${table.web.root}/${name} is not in layers.json (web.features)`);
}

/** A circle in the table, as a path of module names, or null. */
function circleIn(graph) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph[node] ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}
const circle = circleIn(modules);
if (circle) problems.push(`layers.json has a circle: ${circle.join(' → ')}`);

/* ---------- the code follows the table ---------- */

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT = /(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const apiRoot = path.join(root, table.api.root);
for (const file of sourceFiles(apiRoot)) {
  const self = path.relative(apiRoot, file).split(path.sep)[0];
  if (!(self in modules)) continue;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith('.')) continue;
    const target = path.relative(apiRoot, path.resolve(path.dirname(file), spec));
    if (target.startsWith('..')) continue;
    const [other] = target.split(path.sep);
    if (other === self) continue;
    const where = path.relative(root, file);
    if (!modules[self].includes(other)) {
      problems.push(
        `${where} imports ${other} (${spec}): ${self} may import only ${modules[self].join(', ') || 'no module'}`,
      );
    } else if (/\.repository(\.js)?$/.test(spec)) {
      problems.push(`${where} reaches into ${other}'s repository (${spec}): use its service or queries face`);
    }
  }
}

/* ---------- the Biome rules the table generates ---------- */

const WEB_BAN = { group: ['**/web/src/**'], message: 'The API never imports the web app.' };

function moduleOverride(name) {
  const others = Object.keys(modules).filter((m) => m !== name && !modules[name].includes(m));
  const patterns = [WEB_BAN];
  if (others.length > 0) {
    patterns.push({
      group: others.sort().flatMap((m) => [`../${m}/**`, `../../${m}/**`]),
      message: `${name} may import only ${modules[name].join(', ') || 'no other module'} (layers.json).`,
    });
  }
  patterns.push({
    // payments/ is the ledger below every module, not a module: its repository is its face.
    group: ['../*/*.repository.js', '../../*/*.repository.js', '!../../payments/**'],
    message: "A module never reaches into another module's repository: use its service or queries face.",
  });
  return restricted([`${table.api.root}/${name}/**`], patterns);
}

function featureOverride(name) {
  return restricted(
    [`${table.web.root}/${name}/**`],
    [
      {
        group: ['@/features/**', `!@/features/${name}/**`, '../../../features/**'],
        message:
          'No feature imports another feature: a page under app/routes composes them; shared code lives in @/lib or @/components.',
      },
      { group: ['@/app/**'], message: 'Features never import pages or the app shell.' },
    ],
  );
}

function restricted(includes, patterns) {
  return {
    includes,
    linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
  };
}

const isGenerated = (override) =>
  override.includes?.length === 1 &&
  [table.api.root, table.web.root].some((dir) => override.includes[0].startsWith(`${dir}/`));
const generated = [
  ...Object.keys(modules).sort().map(moduleOverride),
  ...[...table.web.features].sort().map(featureOverride),
];
const kept = (biome.overrides ?? []).filter((o) => !isGenerated(o));
const wanted = { ...biome, overrides: [...kept, ...generated] };

if (write) {
  writeFileSync(biomePath, `${JSON.stringify(wanted, null, 2)}\n`);
  // In Biome's own layout, so `biome check` finds nothing to format.
  execFileSync('npx', ['biome', 'format', '--write', 'biome.json'], { cwd: root, stdio: 'ignore' });
  console.log(`layers: wrote ${generated.length} import rules into biome.json`);
} else if (JSON.stringify(wanted) !== JSON.stringify(biome)) {
  problems.push('biome.json is not what layers.json generates: run `node scripts/layers.mjs --write`');
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`layers: ${problem}`);
  process.exit(1);
}
console.log(
  `layers: ${Object.keys(modules).length} API modules and ${table.web.features.length} web features follow layers.json`,
);
