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
