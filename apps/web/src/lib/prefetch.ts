/** Prefetching route chunks, switched off on slow (2g) or data-saver connections (docs/product.md §9). */

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(
  nav: { connection?: NetworkInformationLike } | undefined = globalThis.navigator as unknown as {
    connection?: NetworkInformationLike;
  },
): boolean {
  const connection = nav?.connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

type Prefetcher = (pathname: string) => void;
let prefetcher: Prefetcher | undefined;

/** The router registers how to load the chunks of a path. */
export function registerPrefetcher(fn: Prefetcher): void {
  prefetcher = fn;
}

/** Called on hover/focus of a link: loads the target's code ahead of the click when allowed. */
export function prefetchPath(pathname: string): void {
  if (!prefetcher || !canPrefetch()) return;
  try {
    prefetcher(pathname);
  } catch {
    // Prefetching is an optimisation; a failure here must never break the page.
  }
}
