#!/usr/bin/env node
// Citations stay true: every `docs/…` path a tracked file names exists, every `docs/<page>.md §N`
// names a heading of that page (`## §N …` or `### §N …`), and nothing cites a document outside the
// repository (the project's docs/ say in their own words what the code relies on).
// `npm run lint` and the gate's lint stage run it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|mjs|js|md|sql|json|html|ya?ml)$/.test(file) && existsSync(path.join(root, file)));

const OUTSIDE = /\b(?:DESIGN|SPEC|STYLE)\.md\b|(?<![\w/-])payments\.md\b|\.\.\/shared\/|\b[Ss]pec ?§/;
const DOC_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/](?![\w./-]*\*)/g;
const SECTION = /\bdocs\/([\w/-]+\.md) §(\d+(?:\.\d+)*)/g;

/** `docs/decisions/015`: a decision record named by its number. */
function isDecision(cited) {
  const number = /^docs\/decisions\/(\d{3})$/.exec(cited)?.[1];
  return number !== undefined && readdirSync(path.join(root, 'docs/decisions')).some((f) => f.startsWith(`${number}-`));
}

const headings = new Map();
function hasSection(page, section) {
  if (!headings.has(page)) {
    const file = path.join(root, 'docs', page);
    headings.set(page, existsSync(file) ? readFileSync(file, 'utf8') : '');
  }
  return new RegExp(`^#{2,3} §${section.replace(/\./g, '\\.')}( |$)`, 'm').test(headings.get(page));
}

const problems = [];
for (const file of tracked) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    if (OUTSIDE.test(line) && !file.startsWith('scripts/check-docs')) {
      problems.push(`${at} cites a document outside the repository: ${line.trim().slice(0, 120)}`);
    }
    for (const [cited] of line.matchAll(DOC_PATH)) {
      const clean = cited.replace(/[.)]+$/, '');
      // A path relative to the citing file (a page in docs/ linking `decisions/…`) counts too.
      const candidates = [path.join(root, clean), path.join(root, path.dirname(file), clean)];
      if (!candidates.some((p) => existsSync(p)) && !isDecision(clean)) {
        problems.push(`${at} names ${clean}, which does not exist`);
      }
    }
    for (const [, page, section] of line.matchAll(SECTION)) {
      if (!hasSection(page, section)) problems.push(`${at} cites docs/${page} §${section}, which has no such heading`);
    }
  });
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`docs: ${problem}`);
  process.exit(1);
}
console.log(`docs: every citation in ${tracked.length} files names a page and section that exist`);
