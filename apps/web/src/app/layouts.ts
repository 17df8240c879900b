import type { LayoutName } from '@/config/paths';
import { lazyWithPreload, type PreloadableComponent } from '@/lib/chunk-reload';

/** The four layouts, each a React.lazy chunk: a storefront visit never downloads admin or backoffice code. */
export const LAYOUTS: Record<LayoutName, PreloadableComponent<object>> = {
  default: lazyWithPreload(() => import('@/app/layouts/default-layout')),
  storefront: lazyWithPreload(() => import('@/app/layouts/storefront-layout')),
  backoffice: lazyWithPreload(() => import('@/app/layouts/backoffice-layout')),
  admin: lazyWithPreload(() => import('@/app/layouts/admin-layout')),
};
