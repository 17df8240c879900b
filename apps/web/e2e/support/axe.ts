import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe on the page as it is now: every violation, of any impact, fails with its rule and elements.
 * Waits for running CSS transitions and finite animations first (a dialog or alert fading in): colours
 * measured half way read as too little contrast (#f8e5e5 on #c83a3a where the text ends white).
 */
export async function expectNoViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // A spinner runs for ever: only what ends is waited for.
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`,
    ),
  ).toEqual([]);
}
