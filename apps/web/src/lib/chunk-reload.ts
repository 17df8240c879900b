import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** After a deploy, old chunk names 404. We reload the page to get the new ones, at most once a minute. */
export const CHUNK_RELOAD_KEY = 'podpot:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    `${error.name} ${error.message}`,
  );
}

/** Reloads when the last reload is more than a minute ago. Returns true when a reload was started. */
export function reloadOnceForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** React.lazy plus `preload()` (for prefetching) and the chunk-failure reload. */
export function lazyWithPreload<P = object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let promise: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    promise ??= factory().catch((error: unknown) => {
      promise = undefined;
      if (isChunkLoadError(error) && reloadOnceForChunkError()) {
        // Keep suspending while the page reloads.
        return new Promise<never>(() => {});
      }
      throw error;
    });
    return promise;
  };
  const component = lazy(load) as PreloadableComponent<P>;
  component.preload = load;
  return component;
}
