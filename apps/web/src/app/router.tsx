import { type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect } from 'react-router';
import { LAYOUTS } from '@/app/layouts';
import { PAGES } from '@/app/pages';
import { RootShell } from '@/app/root-shell';
import { NotFoundPage, RouteErrorPage } from '@/components/error-page';
import { RequireAccess } from '@/components/route-guard';
import { APP_ROUTES, type AppLocale, type LayoutName, LOCALE_PREFIX, LOCALES } from '@/config/paths';
import { readLangCookie, rootLocaleRedirect } from '@/lib/locale';

const LAYOUT_ACCESS = { default: 'public', storefront: 'public', backoffice: 'user', admin: 'admin' } as const;
const LAYOUT_ORDER: LayoutName[] = ['default', 'admin', 'backoffice', 'storefront'];

/** At '/', go to '/nl' when the cookie (or, without one, the browser) says Dutch. Only at the root. */
export function rootRedirectLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = rootLocaleRedirect({
    pathname: url.pathname,
    cookieLocale: readLangCookie(),
    browserLanguages: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  });
  return target ? redirect(target + url.search) : null;
}

/** The routes of one locale, generated from the ONE route table. */
function localeRoutes(locale: AppLocale): RouteObject[] {
  return LAYOUT_ORDER.map((layout) => {
    const Layout = LAYOUTS[layout];
    const children: RouteObject[] = APP_ROUTES.filter((route) => route.layout === layout).map((route) => {
      const Page = PAGES[route.id];
      if (!Page) throw new Error(`No page for route ${route.id}`);
      const element = (
        <RequireAccess key={route.id} access={route.access}>
          <Page />
        </RequireAccess>
      );
      // A page that fails shows the error page where the page would be: the layout's top bar, menus
      // and language stay (the root's error element is the last resort, for a layout that fails).
      const errorElement = <RouteErrorPage key={route.id} />;
      if (route.path === '/') {
        return {
          index: true,
          element,
          errorElement,
          loader: locale === 'en' ? rootRedirectLoader : undefined,
          handle: { routeId: route.id },
        };
      }
      return { path: route.path.slice(1), element, errorElement, handle: { routeId: route.id } };
    });
    // Unknown routes → 404 in the plain layout.
    if (layout === 'default') children.push({ path: '*', element: <NotFoundPage /> });
    return {
      element: (
        <RequireAccess access={LAYOUT_ACCESS[layout]}>
          <Layout />
        </RequireAccess>
      ),
      handle: { layout },
      children,
    };
  });
}

export function createRoutes(): RouteObject[] {
  const nlPrefix = LOCALE_PREFIX.nl.slice(1);
  return [
    {
      path: '/',
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      children: [
        // English has no prefix, Dutch lives under /nl.
        ...LOCALES.filter((l) => LOCALE_PREFIX[l] === '').flatMap(localeRoutes),
        { path: nlPrefix, errorElement: <RouteErrorPage />, children: localeRoutes('nl') },
      ],
    },
  ];
}

/** Loads the layout and page chunks of a path ahead of navigation (used by link prefetching). */
export function preloadPath(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as { layout?: LayoutName; routeId?: string } | undefined;
    if (handle?.layout) void LAYOUTS[handle.layout].preload();
    if (handle?.routeId) void PAGES[handle.routeId]?.preload();
  }
}
