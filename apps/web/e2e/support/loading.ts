import type { Locator, Page } from '@playwright/test';

/**
 * The page's loading bars: progress bars without a value (MUI's indeterminate LinearProgress). A bar
 * with a value is content — the storefront's goal progress — and stays.
 */
export function loadingBars(page: Page): Locator {
  return page.locator('[role="progressbar"]:not([aria-valuenow])');
}
