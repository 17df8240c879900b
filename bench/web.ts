/**
 * `npm run bench:web`: a listener's first visit, measured by Lighthouse 12 (mobile profile, its
 * simulated slow 4G and 4x CPU slowdown) on Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 * Builds the web app, starts the platform on a free loopback port as the browser tests do (PGlite,
 * demo data, the demo tip jar's merchant at the simulator: the storefront shows its form) and audits the
 * demo storefront `/{slug}` and the Dutch home page `/nl`, each BENCH_WEB_RUNS times (default 3;
 * the median run by performance score is printed). Per page: performance, accessibility and SEO scores
 * (and the SEO audits that failed),
 * LCP, CLS, TBT, and the JavaScript the page loaded (requests and bytes on the wire, brotli).
 * BENCH_WEB_PAGES=/a,/b audits other paths; BENCH_WEB_SKIP_BUILD=1 uses the build there is;
 * BENCH_WEB_DEBUG=1 lists each script with its bytes.
 */
import { spawnSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_TIPJAR_SLUG } from '../apps/api/src/seed/demo.js';
import { startDemoPlatform } from '../scripts/demo-platform.mjs';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface PageFigures {
  performance: number;
  accessibility: number;
  seo: number;
  /** The SEO audits that failed (their ids), so a score below 100 says why. */
  seoFailed: string[];
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsRequests: number;
  jsBytes: number;
}

async function audit(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
    []) as NetworkRequest[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  if (process.env.BENCH_WEB_DEBUG) {
    for (const r of scripts) console.log(r.transferSize, r.url);
    console.log('FCP', audits['first-contentful-paint']?.numericValue);
    console.log('LCP element', JSON.stringify(audits['largest-contentful-paint-element']?.details).slice(0, 600));
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    seoFailed: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsRequests: scripts.length,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): tried up to 3 times. */
async function auditWithRetry(url: string, port: number): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`retrying: ${(error as Error).message}`);
    }
  }
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  // The platform as the browser tests start it (scripts/demo-platform.mjs): a fresh data folder, demo data
  // and the demo tip jar's merchant at the simulator, so the storefront shows its form.
  const { base, stop } = await startDemoPlatform({ build: process.env.BENCH_WEB_SKIP_BUILD !== '1' });

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--headless=new'],
  });
  const pages = process.env.BENCH_WEB_PAGES?.split(',') ?? [`/${DEMO_TIPJAR_SLUG}`, '/nl'];
  const figures: [string, PageFigures][] = [];
  try {
    for (const page of pages) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${base}${page}`, chrome.port));
      figures.push([page, median(runs)]);
    }
  } finally {
    chrome.kill();
    stop();
  }

  const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`\nPodpot web bench — Lighthouse 12 mobile profile, ${version}, median of ${RUNS} runs\n`);
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${'page'.padEnd(16)}${pad('perf', 6)}${pad('a11y', 6)}${pad('seo', 5)}${pad('LCP ms', 8)}${pad('CLS', 7)}${pad('TBT ms', 8)}${pad('JS files', 10)}${pad('JS kB', 8)}`,
  );
  for (const [page, f] of figures) {
    console.log(
      `${page.padEnd(16)}${pad(f.performance, 6)}${pad(f.accessibility, 6)}${pad(f.seo, 5)}${pad(Math.round(f.lcpMs), 8)}${pad(f.cls.toFixed(3), 7)}${pad(Math.round(f.tbtMs), 8)}${pad(f.jsRequests, 10)}${pad((f.jsBytes / 1000).toFixed(1), 8)}`,
    );
  }
  for (const [page, f] of figures)
    if (f.seoFailed.length) console.log(`${page}: SEO audits failed: ${f.seoFailed.join(', ')}`);
  console.log('\nJS kB: bytes on the wire (brotli from the server) of every script the page loaded.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
