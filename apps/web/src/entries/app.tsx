/*
 * The app's entry (index.html): every page but a storefront's and the landing page's first visit, which
 * have their own small entries (storefront.tsx, home.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes, preloadPath } from '@/app/router';
import { setApiErrorHandler } from '@/lib/api-client';
import { handleApiError } from '@/lib/api-errors';
import { initAuth } from '@/lib/auth';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';
import { registerPrefetcher } from '@/lib/prefetch';

setApiErrorHandler(handleApiError);
initAuth();

// The server writes a storefront's share tags into index.html for link previews (apps/api plugins/web.ts).
// In the browser the pages render their own as React 19 hoisted elements, so the server's copies go and
// each tag is there once. The <title> stays: the root shell's <title> takes it over.
for (const tag of document.head.querySelectorAll(
  'meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]',
)) {
  tag.remove();
}

// Vite reports a failed preload of a chunk this way (e.g. after a deploy): reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadOnceForChunkError();
});

const routes = createRoutes();
const router = createBrowserRouter(routes);
registerPrefetcher((pathname) => preloadPath(routes, pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
