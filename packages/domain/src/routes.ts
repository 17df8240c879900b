/**
 * THE route table of Podpot (docs/product.md §2): every page of the web app, its layout and who may see it.
 * The web app builds its router and every link from it; the API builds every link it sends out
 * (mails, provider return URLs) with `appUrl`, and refuses tip jar slugs that collide with a route.
 */
import { DEFAULT_BRAND_NAME } from './brand.js';
import { DEFAULT_LOCALE, LOCALE_PREFIX, LOCALES, type Locale } from './locale.js';

export type LayoutName = 'default' | 'storefront' | 'backoffice' | 'admin';
/** Who may see a route: anyone, a logged-in user, or an ADMIN. */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface AppRoute {
  /** Stable id; the router maps it to a page component. */
  id: string;
  /** Path without locale prefix, as docs/product.md §2 writes it ('' is the home page). */
  path: string;
  layout: LayoutName;
  access: RouteAccess;
}

const r = <const I extends string>(id: I, path: string, layout: LayoutName, access: RouteAccess = 'public') => ({
  id,
  path,
  layout,
  access,
});

export const APP_ROUTES = [
  r('home', '/', 'default'),
  r('about', '/about', 'default'),
  r('faq', '/faq', 'default'),
  r('privacy', '/privacy', 'default'),
  r('support', '/support', 'default'),
  r('termsofuse', '/termsofuse', 'default'),
  r('thankyou', '/thankyou', 'default'),
  r('login', '/login', 'default'),
  r('register', '/register', 'default'),
  r('passwordRecovery', '/password-recovery', 'default'),
  r('passwordReset', '/password-reset', 'default'),
  // Public: the link in the "confirm your e-mail address" mail (?token=) works without a login (decision 061).
  r('confirmEmail', '/confirm-email', 'default'),
  r('podcastmaker', '/podcastmaker', 'default'),
  // Public: the mailed invitation link (?token=) shows the invitation; accepting asks for a login.
  r('invitation', '/invitation', 'default'),
  // Public: logged out, the order form registers the maker in the same request.
  r('order', '/order', 'default'),
  r('account', '/account', 'default', 'user'),
  // Public: the manage link (?token=) works without a login; the page asks for one otherwise.
  r('accountRecurringtips', '/account/recurringtips/:recurringtipid?', 'default'),

  r('adminDashboard', '/admin', 'admin', 'admin'),
  r('adminAudit', '/admin/audit', 'admin', 'admin'),
  r('adminFaqitems', '/admin/faqitems', 'admin', 'admin'),
  r('adminFaqitem', '/admin/faqitems/:faqitemid', 'admin', 'admin'),
  r('adminInvoices', '/admin/invoices', 'admin', 'admin'),
  r('adminInvoice', '/admin/invoices/:invoiceid', 'admin', 'admin'),
  r('adminMoney', '/admin/money', 'admin', 'admin'),
  r('adminPaymentmethods', '/admin/paymentmethods', 'admin', 'admin'),
  r('adminPaymentmethod', '/admin/paymentmethods/:paymentmethodid', 'admin', 'admin'),
  r('adminRecurringtips', '/admin/recurringtips', 'admin', 'admin'),
  r('adminSettlements', '/admin/settlements', 'admin', 'admin'),
  r('adminTipjars', '/admin/tipjars', 'admin', 'admin'),
  r('adminTipjar', '/admin/tipjars/:tipjarid', 'admin', 'admin'),
  r('adminTips', '/admin/tips', 'admin', 'admin'),
  r('adminUsers', '/admin/users', 'admin', 'admin'),
  r('adminUser', '/admin/users/:userid', 'admin', 'admin'),

  r('backofficeIndex', '/backoffice', 'backoffice', 'user'),
  r('backofficeDashboard', '/backoffice/:tipjarslug', 'backoffice', 'user'),
  // The private supporter feed's bonus episodes (issue 40).
  r('backofficeBonus', '/backoffice/:tipjarslug/bonus', 'backoffice', 'user'),
  r('backofficeEpisodes', '/backoffice/:tipjarslug/episodes', 'backoffice', 'user'),
  r('backofficeHistory', '/backoffice/:tipjarslug/history', 'backoffice', 'user'),
  r('backofficeInvoices', '/backoffice/:tipjarslug/invoices', 'backoffice', 'user'),
  r('backofficeInvoice', '/backoffice/:tipjarslug/invoices/:invoiceid', 'backoffice', 'user'),
  r('backofficeRecurringtips', '/backoffice/:tipjarslug/recurringtips', 'backoffice', 'user'),
  r('backofficeRegistration', '/backoffice/:tipjarslug/registration', 'backoffice', 'user'),
  r('backofficeSettings', '/backoffice/:tipjarslug/settings', 'backoffice', 'user'),
  r('backofficeSettlements', '/backoffice/:tipjarslug/settlements', 'backoffice', 'user'),
  r('backofficeShare', '/backoffice/:tipjarslug/share', 'backoffice', 'user'),
  r('backofficeTips', '/backoffice/:tipjarslug/tips', 'backoffice', 'user'),
  // Signed webhooks of a tip jar (issue 41, decision 095).
  r('backofficeWebhooks', '/backoffice/:tipjarslug/webhooks', 'backoffice', 'user'),

  // The tip page of one episode (issue 14): the storefront's page with the episode named and sent with the tip.
  r('storefrontEpisode', '/:tipjarslug/e/:episodeid', 'storefront'),
  // Last on purpose: the public page of one tip jar catches any other single segment.
  r('storefront', '/:tipjarslug', 'storefront'),
] as const satisfies readonly AppRoute[];

/**
 * The element in a storefront's first HTML that holds its tip jar (PublicTipjar as JSON): the server
 * writes it (apps/api plugins/web.ts), the page reads it instead of asking the API.
 */
export const STOREFRONT_DATA_ELEMENT_ID = 'podpot-storefront-tipjar';
/** The element with the storefront's strings in the page's language (its own entry has no catalogs). */
export const STOREFRONT_STRINGS_ELEMENT_ID = 'podpot-storefront-strings';
/** On an episode's tip page (`/{slug}/e/{episodeId}`): the episode (PublicEpisode as JSON), beside the tip jar. */
export const STOREFRONT_EPISODE_ELEMENT_ID = 'podpot-storefront-episode';
/** The id of the element in the landing page's HTML carrying its strings (the landing page's own entry). */
export const HOME_STRINGS_ELEMENT_ID = 'podpot-home-strings';
/** The elements of the landing page's HTML that the browser hydrates (its top bar and its search box). */
export const HOME_ISLAND_IDS = { bar: 'podpot-home-bar', search: 'podpot-home-search' } as const;

/** Every route id: the router maps it to a page, links name it. */
export type RouteId = (typeof APP_ROUTES)[number]['id'];

/**
 * Words a visitor would read as the platform's own page (`podpot.nl/help`, `/status`, `/checkout`):
 * a maker's storefront there could pass for ours, so they are no tip jar's address (issue 33).
 */
const BRAND_LIKE_SLUGS = [
  DEFAULT_BRAND_NAME.toLowerCase(),
  ...['about-us', 'account', 'accounts', 'admin', 'administrator', 'app', 'auth', 'billing', 'blog', 'careers'],
  ...['checkout', 'contact', 'dashboard', 'docs', 'download', 'help', 'helpdesk', 'home', 'info', 'legal'],
  ...['login', 'logout', 'mail', 'news', 'oauth', 'official', 'pay', 'payment', 'payments', 'press', 'pricing'],
  ...['root', 'security', 'settings', 'signin', 'signup', 'sso', 'staff', 'static', 'status', 'support'],
  ...['team', 'terms', 'verify', 'webmail', 'www'],
];

/**
 * First path segments the app (and the server in front of it) uses, and the brand-like words. A tip
 * jar slug equal to one of these would be unreachable or pass for ours, so the API refuses them
 * (ErrorCode SLUG_RESERVED).
 */
export const RESERVED_SLUGS: readonly string[] = Array.from(
  new Set([
    ...APP_ROUTES.map((route) => route.path.split('/')[1] ?? '').filter((s) => s !== '' && !s.startsWith(':')),
    ...LOCALES.filter((l) => LOCALE_PREFIX[l] !== ''),
    // Served by the API process next to the SPA (ops, dev host, simulator), or by the static file server.
    'api',
    'sim',
    'dev',
    'demo',
    // The private supporter feeds (/feeds/{token}.xml, decision 090).
    'feeds',
    'healthz',
    'readyz',
    'metrics',
    'assets',
    'favicon.svg',
    'index.html',
    ...BRAND_LIKE_SLUGS,
  ]),
).sort();

/** True when a slug would collide with an app route. Case-insensitive. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug.trim().toLowerCase());
}

/** The locale a pathname belongs to: '/nl' and '/nl/...' are Dutch, everything else English (LOCALE_PREFIX). */
export function localeFromPath(pathname: string): Locale {
  const prefixed = LOCALES.find((locale) => {
    const prefix = LOCALE_PREFIX[locale];
    return prefix !== '' && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  });
  return prefixed ?? DEFAULT_LOCALE;
}

/** Removes the locale prefix: '/nl/faq' → '/faq', '/nl' → '/'. */
export function stripLocale(pathname: string): string {
  return pathname.slice(LOCALE_PREFIX[localeFromPath(pathname)].length) || '/';
}

/** Adds the locale prefix to an unprefixed app path: ('/faq', 'nl') → '/nl/faq', ('/', 'nl') → '/nl'. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path || '/';
  if (path === '/' || path === '') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return prefix + path.slice(1);
  return prefix + path;
}

/** Fills `:params` of a route path: fillPath('/admin/users/:userid', {userid: 'x'}). Optional params may be left out. */
export function fillPath(path: string, params: Record<string, string | undefined> = {}): string {
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`Missing route parameter ${name} for ${path}`);
      }
      return encodeURIComponent(value);
    })
    .filter((s) => s !== null)
    .join('/');
  return filled || '/';
}

export function routePath(id: RouteId, params?: Record<string, string | undefined>): string {
  const route = APP_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return fillPath(route.path, params);
}

/** Login page and post-logout page (docs/product.md §9). */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/**
 * An absolute link into the app, in the recipient's language:
 * appUrl('https://podpot.nl', 'backofficeTips', { tipjarslug: 'koffie' }, 'nl') →
 * 'https://podpot.nl/nl/backoffice/koffie/tips'. Every link the API sends out is made here.
 */
export function appUrl(
  publicUrl: string,
  id: RouteId,
  params: Record<string, string | undefined>,
  locale: Locale,
  query?: Record<string, string | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value);
  const qs = search.toString();
  return `${publicUrl.replace(/\/$/, '')}${localizePath(routePath(id, params), locale)}${qs ? `?${qs}` : ''}`;
}
