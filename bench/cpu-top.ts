/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and prints where the time went: the top functions by
 * self time and the same grouped by origin (an npm package, a source file of ours — mapped through
 * the bundle's source map when the profile is of apps/api/dist/server.js or server.dev.js —, node's internals, GC,
 * idle). `node --import tsx bench/cpu-top.ts <file.cpuprofile> [top] [window.json]`; also used by bench/run.ts.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Frame {
  name: string;
  origin: string;
  share: number;
}

export interface Summary {
  totalMs: number;
  /** Share of samples the process was idle (waiting for I/O). */
  idle: number;
  top: Frame[];
  byOrigin: { origin: string; share: number }[];
}

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** Where a frame comes from: `pkg:<name>`, a source path of ours, `node:…`, or a V8 pseudo-frame. */
function originOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  let path = url;
  if (url.startsWith('file:') && /\/dist\/server(\.dev)?\.js$/.test(url)) {
    const entry = sourceMapOf(url)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && 'originalSource' in entry && entry.originalSource) path = entry.originalSource;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `pkg:${pkg[1]}`;
  if (path.startsWith('node:')) return path;
  const ours = /(apps\/[^/]+\/src\/.*|packages\/[^/]+\/src\/.*|bench\/.*)$/.exec(path);
  return ours ? ours[1]! : path;
}

/**
 * `window`: only the samples taken between these two readings of the monotonic clock in µs
 * (`process.hrtime.bigint() / 1000n` in any process of this machine: V8 stamps its samples on the same
 * clock), e.g. while the load ran, leaving out start-up.
 */
export function summarize(file: string, topN = 25, window?: { from: number; to: number }): Summary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByFrame = new Map<string, { name: string; origin: string; us: number }>();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (window && (at < window.from || at > window.to)) return;
    const frame = byId.get(id)!.callFrame;
    total += us;
    if (frame.functionName === '(idle)') idle += us;
    const origin = originOf(frame);
    const key = `${frame.functionName}|${origin}`;
    const entry = selfByFrame.get(key) ?? { name: frame.functionName || '(anonymous)', origin, us: 0 };
    entry.us += us;
    selfByFrame.set(key, entry);
  });
  const busy = total - idle;
  const frames = [...selfByFrame.values()].filter((f) => f.name !== '(idle)').sort((a, b) => b.us - a.us);
  const origins = new Map<string, number>();
  for (const f of frames) origins.set(f.origin, (origins.get(f.origin) ?? 0) + f.us);
  return {
    totalMs: total / 1000,
    idle: idle / total,
    top: frames.slice(0, topN).map((f) => ({ name: f.name, origin: f.origin, share: f.us / busy })),
    byOrigin: [...origins.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([origin, us]) => ({ origin, share: us / busy })),
  };
}

export function printSummary(title: string, s: Summary) {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log(
    `\n${title}: ${(s.totalMs / 1000).toFixed(1)} s profiled, ${pct(s.idle).trim()} idle; shares of busy time`,
  );
  console.log('  self time by function');
  for (const f of s.top) console.log(`  ${pct(f.share)}  ${f.name.slice(0, 48).padEnd(48)} ${f.origin}`);
  console.log('  self time by origin');
  for (const o of s.byOrigin) console.log(`  ${pct(o.share)}  ${o.origin}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, top, windowFile] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/cpu-top.ts <file.cpuprofile> [top] [window.json]');
  const window = windowFile
    ? (JSON.parse(readFileSync(windowFile, 'utf8')) as { from: number; to: number })
    : undefined;
  printSummary(file, summarize(file, Number(top ?? 25), window));
}
