/**
 * What search engines may crawl and how a public page names its other languages (issue 39): the
 * `robots.txt` the API serves, the language alternates of a page (its `<link rel="alternate">` tags and
 * the sitemap's), and the meta description's length. Derived from the route table, so a new private
 * page is kept out of search engines by being `user` or `admin` in APP_ROUTES.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.js';
import { APP_ROUTES, appUrl, localizePath, type RouteId } from './routes.js';

/**
 * Public routes that still are nobody's search result: a page behind a mailed token (manage, reset,
 * confirm, invitation), the page after paying, and the order form's checkout return.
 */
const UNLISTED_PUBLIC_ROUTES: readonly RouteId[] = [
  'accountRecurringtips',
  'confirmEmail',
  'invitation',
  'passwordRecovery',
  'passwordReset',
  'thankyou',
];

/**
 * Paths served beside the app (the API, the payment simulator and its checkout, the dev host's mail
 * preview, the private supporter feeds).
 */
const UNLISTED_SERVER_PREFIXES = ['/api/', '/sim/', '/dev/', '/feeds/'];

/**
 * The path prefixes no crawler should visit, in every language. A page's own path is given exactly
 * (`$`), with a query (`?`: the mailed links carry `?token=`) and as a folder (`/`): a bare
 * `Disallow: /admin` would also hide a podcast whose address begins with "admin".
 */
export function unlistedPaths(): string[] {
  const firstSegments = new Set<string>();
  for (const route of APP_ROUTES) {
    const isPrivate = route.access !== 'public' || route.layout === 'admin' || route.layout === 'backoffice';
    if (isPrivate || (UNLISTED_PUBLIC_ROUTES as readonly string[]).includes(route.id)) {
      firstSegments.add(route.path.split('/')[1]!);
    }
  }
  const paths = [...UNLISTED_SERVER_PREFIXES];
  for (const locale of LOCALES) {
    for (const segment of [...firstSegments].sort()) {
      const path = localizePath(`/${segment}`, locale);
      paths.push(`${path}$`, `${path}?`, `${path}/`);
    }
  }
  return paths;
}

/** `/robots.txt`: every public page may be crawled except the unlisted ones; the sitemap's absolute address. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    ...unlistedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One language version of a page: `hreflang` (a locale, or `x-default` for a visitor of any other language). */
export interface Alternate {
  hreflang: Locale | 'x-default';
  href: string;
}

/** The language versions of a public page (every locale, and the default locale again as `x-default`). */
export function alternatesOf(publicUrl: string, id: RouteId, params: Record<string, string> = {}): Alternate[] {
  const alternates: Alternate[] = LOCALES.map((locale) => ({
    hreflang: locale,
    href: appUrl(publicUrl, id, params, locale),
  }));
  alternates.push({ hreflang: 'x-default', href: appUrl(publicUrl, id, params, DEFAULT_LOCALE) });
  return alternates;
}

/** Longest meta description search engines show whole; longer texts are cut at a word. */
export const META_DESCRIPTION_MAX = 160;

/** A maker's description as a meta description: one line, at most META_DESCRIPTION_MAX characters. */
export function metaDescriptionOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const cut = line.slice(0, META_DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > META_DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
