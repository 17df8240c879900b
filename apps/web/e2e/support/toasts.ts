import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __toasts?: string[];
  }
}

/**
 * Records the text of every toast the page shows, in order, from its first load on: the queue shows
 * one at a time for 3 s, so waiting on the screen alone would miss or merge them.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    window.__toasts = [];
    const scan = () => {
      for (const toast of document.querySelectorAll('.MuiSnackbar-root')) {
        const text = toast.textContent?.trim();
        if (!text || seen.has(toast)) continue;
        seen.add(toast);
        window.__toasts?.push(text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The toasts recorded so far (see {@link recordToasts}). */
export function toasts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__toasts ?? []);
}
