/** Page-view analytics without a third party: a DOM event others (or a future tracker) can listen to. */
export const PAGEVIEW_EVENT = 'podpot:pageview';
/** docs/product.md §9: the page view is sent 250 ms after each route change. */
export const PAGEVIEW_DELAY_MS = 250;

export interface PageView {
  path: string;
  title: string;
}

export function trackPageView(path: string): void {
  const detail: PageView = { path, title: document.title };
  window.dispatchEvent(new CustomEvent<PageView>(PAGEVIEW_EVENT, { detail }));
  if (import.meta.env.DEV) console.debug('[analytics] pageview', detail);
}

/** Schedules a page view; returns the cancel function (a new route change cancels the pending one). */
export function schedulePageView(path: string, delay = PAGEVIEW_DELAY_MS): () => void {
  const timer = window.setTimeout(() => trackPageView(path), delay);
  return () => window.clearTimeout(timer);
}
