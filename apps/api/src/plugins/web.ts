import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  acceptedLanguages,
  appUrl,
  ErrorCode,
  HOME_STRINGS_ELEMENT_ID,
  isReservedSlug,
  LANG_COOKIE,
  LANG_COOKIE_DAYS,
  type Locale,
  langOfCookie,
  localeFromPath,
  type PublicEpisode,
  type PublicTipjar,
  rootLocaleRedirect,
  SLUG_PATTERN,
  STOREFRONT_DATA_ELEMENT_ID,
  STOREFRONT_EPISODE_ELEMENT_ID,
  STOREFRONT_STRINGS_ELEMENT_ID,
  stripLocale,
} from '@podpot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sendCompressed } from './compression.js';
import { sendError } from './error-handler.js';
import { allowFraming, registerEmbedLoaderHeaders } from './web-embed.js';
import {
  alternateLinks,
  describeTipjar,
  escapeHtml,
  jsonElement,
  jsonLdElement,
  podcastEpisodeData,
  podcastSeriesData,
  tipjarImageUrl,
} from './web-head.js';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * The storefront's server build (apps/web src/entries/storefront-server.tsx, built to dist/.ssr/server.mjs;
 * decision 021): loaded from the web build at runtime, never imported from the web's source.
 */
interface StorefrontRenderer {
  /**
   * With `episode`: that episode's tip page; `title` (absent in older builds) is the page's own title,
   * `description` the page's sentence in its language (the storefront's when the maker wrote none).
   */
  renderStorefront(input: { tipjar: PublicTipjar; locale: Locale; episode?: PublicEpisode | null; embed?: boolean }): {
    html: string;
    strings: Record<string, string>;
    title?: string;
    description?: string;
  };
  /** The landing page (apps/web src/home); absent in builds from before it. `description` from issue 39 on. */
  renderHome?(input: { locale: Locale }): {
    html: string;
    title: string;
    description?: string;
    strings: Record<string, string>;
  };
}

async function loadStorefrontRenderer(root: string): Promise<StorefrontRenderer | null> {
  const file = path.join(root, '.ssr', 'server.mjs');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Partial<StorefrontRenderer>;
  return typeof module.renderStorefront === 'function' ? (module as StorefrontRenderer) : null;
}

/** `/` or `/nl` (the landing page): its locale, or null for any other path. */
export function homeLocaleOf(url: string): Locale | null {
  const pathname = `/${url.split(/[?#]/)[0]!.split('/').filter(Boolean).join('/')}`;
  return stripLocale(pathname) === '/' ? localeFromPath(pathname) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/{slug}` or `/nl/{slug}`: the storefront's slug; `/{slug}/e/{episodeId}` (and under `/nl`): an
 * episode's tip page, with its `episodeId`; `/{slug}/embed`: the tip widget's page (`embed`, decision
 * 094); null for any other path. A first segment that is a route of
 * the app (the domain's route table) is never a tip jar. An episode id that is not a uuid is `''`: no
 * episode can have it, so the page is a 404.
 */
export function storefrontSlugOf(
  url: string,
): { slug: string; locale: Locale; episodeId?: string; embed?: true } | null {
  // Empty segments do not count: '//nl//koffie' is '/nl/koffie'.
  const pathname = `/${url.split(/[?#]/)[0]!.split('/').filter(Boolean).join('/')}`;
  const locale = localeFromPath(pathname);
  const rest = stripLocale(pathname).split('/').filter(Boolean);
  const episode = rest.length === 3 && rest[1] === 'e';
  const embed = rest.length === 2 && rest[1] === 'embed';
  const slug = rest.length === 1 || episode || embed ? safeDecode(rest[0]!).toLowerCase() : null;
  if (!slug || !SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return null;
  if (embed) return { slug, locale, embed };
  if (!episode) return { slug, locale };
  const episodeId = safeDecode(rest[2]!).toLowerCase();
  return { slug, locale, episodeId: UUID.test(episodeId) ? episodeId : '' };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/**
 * Serves the built single-page app: hashed assets with long caching (precompressed), every other GET
 * that is not an API or simulator path gets index.html so the client router can answer (including its
 * 404 page). A tip jar's page is written from storefront.html (index.html with its chunks preloaded, so
 * they download beside the entry instead of after it) with its title, description and Open Graph tags
 * (chat apps and search engines that show link previews do not run the app's JavaScript) and the tip
 * jar itself as JSON, so the page needs no API round trip before it can draw. An unknown or not
 * tippable slug is answered 404 (the app shows its 404 page).
 */
/**
 * A first picture of the storefront for `<div id="root">`: the top bar's place and the tip jar's card
 * with its image or initial, name and description, drawn as soon as the HTML arrives (the app's
 * scripts take a while on a phone). Static HTML with its own small styles, close to what the app
 * draws (MUI: top bar 56/64 px, container 600 px, card with 16/24 px padding); the app replaces it
 * when it renders. Texts are escaped.
 */
export function storefrontShell(tipjar: PublicTipjar): string {
  const initial = escapeHtml(tipjar.name.slice(0, 1).toUpperCase());
  const image = tipjar.imageUrl
    ? `<img class="pp-avatar" src="${escapeHtml(tipjar.imageUrl)}" alt="" width="96" height="96">`
    : `<div class="pp-avatar" aria-hidden="true">${initial}</div>`;
  const description = tipjar.description ? `<p>${escapeHtml(tipjar.description)}</p>` : '';
  return [
    '<style>',
    // body's margin as the app's CssBaseline sets it.
    'body{margin:0}',
    '.pp-shell{min-height:100vh;background:#fafafa;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:rgba(0,0,0,.87)}',
    '.pp-bar{height:56px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}',
    '.pp-main{box-sizing:border-box;max-width:600px;margin:0 auto;padding:32px 16px}',
    '.pp-card{background:#fff;border-radius:10px;padding:16px;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}',
    '.pp-card header{display:flex;gap:16px;align-items:flex-start}',
    '.pp-avatar{flex:none;width:96px;height:96px;border-radius:10px;background:#f28a3d;color:#fff;font-size:2.5rem;display:flex;align-items:center;justify-content:center;object-fit:cover}',
    '.pp-card h1{font-size:2.4rem;font-weight:700;line-height:1.167;margin:0 0 .35em;overflow-wrap:anywhere}',
    '.pp-card p{white-space:pre-line;margin:0 0 8px;line-height:1.5}',
    '@media(min-width:600px){.pp-bar{height:64px}.pp-main{padding:32px 24px}.pp-card{padding:24px}}',
    '</style>',
    `<div class="pp-shell"><div class="pp-bar"></div><main class="pp-main"><div class="pp-card"><header>${image}<div><h1>${escapeHtml(tipjar.name)}</h1>${description}</div></header></div></main></div>`,
  ].join('');
}

export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  /** The tip jar behind a storefront URL as anyone may read it, undefined when not tippable (app.ts). */
  findStorefront: (slug: string) => Promise<PublicTipjar | undefined>,
  /** One of that tip jar's episodes, undefined when it has none by that id (an episode's tip page). */
  findEpisode?: (tipjar: PublicTipjar, episodeId: string) => Promise<PublicEpisode | undefined>,
) {
  const { config } = ctx;
  const root = path.resolve(config.WEB_DIST ?? DEFAULT_DIST);
  const indexFile = path.join(root, 'index.html');
  const hasWeb = existsSync(indexFile);
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  // The storefront's own page (apps/web storefront.html, decision 021); an older build without it still works.
  const storefrontFile = path.join(root, 'storefront.html');
  const storefrontTemplate = existsSync(storefrontFile) ? readFileSync(storefrontFile, 'utf8') : indexHtml;
  const renderer = hasWeb ? await loadStorefrontRenderer(root) : null;
  if (hasWeb) {
    registerEmbedLoaderHeaders(app);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
      // Cache-Control is ours: the hashed assets for a year, every other file revalidated. Which file
      // is sent depends on Accept-Encoding, which caches must know.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  // The landing page's own page (apps/web home.html), when the build has it and its server renderer.
  const homeFile = path.join(root, 'home.html');
  const homeTemplate = existsSync(homeFile) && renderer?.renderHome ? readFileSync(homeFile, 'utf8') : null;
  // Rendered once per language: the landing page shows no data, only the build's strings.
  const homePages = new Map<Locale, string>();

  function homeHtml(locale: Locale): string | null {
    if (!homeTemplate || !renderer?.renderHome) return null;
    let html = homePages.get(locale);
    if (!html) {
      const rendered = renderer.renderHome({ locale });
      const url = appUrl(config.publicUrl, 'home', {}, locale);
      const description = rendered.description ? [escapeHtml(rendered.description)] : [];
      const tags = [
        `<title>${escapeHtml(rendered.title)}</title>`,
        ...description.map((text) => `<meta name="description" content="${text}" />`),
        `<link rel="canonical" href="${escapeHtml(url)}" />`,
        ...alternateLinks(config.publicUrl, 'home'),
        '<meta property="og:type" content="website" />',
        `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}" />`,
        `<meta property="og:title" content="${escapeHtml(rendered.title)}" />`,
        ...description.map((text) => `<meta property="og:description" content="${text}" />`),
        `<meta property="og:url" content="${escapeHtml(url)}" />`,
        jsonElement(HOME_STRINGS_ELEMENT_ID, rendered.strings),
      ];
      html = homeTemplate
        .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
        .replace(/<title>[^<]*<\/title>/, () => tags.join('\n    '))
        .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
      homePages.set(locale, html);
    }
    return html;
  }

  async function storefrontHtml(request: FastifyRequest): Promise<{ status: number; html: string; embed?: boolean }> {
    const homeLocale = homeLocaleOf(request.url);
    if (homeLocale) return { status: 200, html: homeHtml(homeLocale) ?? indexHtml };
    const target = storefrontSlugOf(request.url);
    if (!target) return { status: 200, html: indexHtml };
    const tipjar = await findStorefront(target.slug);
    if (!tipjar) return { status: 404, html: indexHtml };
    if (target.episodeId !== undefined) {
      // An episode's tip page: rendered per request (its own title and tags, the episode inlined).
      const episode = target.episodeId && findEpisode ? await findEpisode(tipjar, target.episodeId) : undefined;
      if (!episode) return { status: 404, html: indexHtml };
      return { status: 200, html: renderStorefrontPage(tipjar, target.locale, episode) };
    }
    // One render per answer of the storefront lookup and language: findStorefront answers the same
    // (frozen) object until its cache drops it (a change, or its few seconds are up; decision 020), so
    // the page is rendered again exactly when its data may have changed.
    const pages = storefrontPages.get(tipjar) ?? new Map<string, string>();
    storefrontPages.set(tipjar, pages);
    const key = `${target.locale}${target.embed ? ':embed' : ''}`;
    const html = pages.get(key) ?? renderStorefrontPage(tipjar, target.locale, undefined, target.embed);
    pages.set(key, html);
    return { status: 200, html, embed: target.embed };
  }

  const storefrontPages = new WeakMap<PublicTipjar, Map<string, string>>();

  function renderStorefrontPage(
    tipjar: PublicTipjar,
    locale: Locale,
    episode?: PublicEpisode,
    embed?: boolean,
  ): string {
    // The real page, rendered by the storefront's server build; without one, a static first picture.
    const rendered = renderer?.renderStorefront({ tipjar, locale, episode, ...(embed ? { embed } : {}) });
    const seriesUrl = appUrl(config.publicUrl, 'storefront', { tipjarslug: tipjar.slug }, locale);
    const url = episode
      ? appUrl(config.publicUrl, 'storefrontEpisode', { tipjarslug: tipjar.slug, episodeid: episode.id }, locale)
      : seriesUrl;
    // An episode's page is titled by the renderer in the page's language ("Tip for episode 42: …").
    const name = episode ? (rendered?.title ?? `${episode.title} - ${tipjar.name}`) : tipjar.name;
    const title = `${name} - ${config.BRAND_NAME}`;
    // The episode page's own sentence; the storefront's from the maker's description, else its sentence.
    const description =
      episode && rendered?.description ? rendered.description : describeTipjar(tipjar, rendered?.description);
    const image = tipjarImageUrl(config.publicUrl, tipjar);
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      // The widget's page is the storefront's form in a frame: search engines keep the storefront.
      ...(embed ? ['<meta name="robots" content="noindex" />'] : []),
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      ...(episode
        ? alternateLinks(config.publicUrl, 'storefrontEpisode', { tipjarslug: tipjar.slug, episodeid: episode.id })
        : alternateLinks(config.publicUrl, 'storefront', { tipjarslug: tipjar.slug })),
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
      jsonLdElement(
        episode
          ? podcastEpisodeData(tipjar, episode, { episode: url, series: seriesUrl }, image)
          : podcastSeriesData(tipjar, url, image),
      ),
      // Data, not script: the CSP's script-src does not apply.
      jsonElement(STOREFRONT_DATA_ELEMENT_ID, tipjar),
      ...(episode ? [jsonElement(STOREFRONT_EPISODE_ELEMENT_ID, episode)] : []),
    ];
    if (rendered) tags.push(jsonElement(STOREFRONT_STRINGS_ELEMENT_ID, rendered.strings));
    const body = rendered?.html ?? storefrontShell(tipjar);
    // Replacer functions: a replacement string would expand `$&`, `$\`` and `$'` in a tip jar's name.
    return storefrontTemplate
      .replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`)
      .replace(/<title>[^<]*<\/title>/, () => tags.join('\n    '))
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url.startsWith('/sim/opp/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // At the root only (docs/product.md §9): to /nl when the `lang` cookie, or without one the browser, says Dutch.
      const [pathname = '/', query] = url.split('?');
      const redirect = rootLocaleRedirect({
        pathname,
        cookieLocale: langOfCookie(request.headers.cookie),
        browserLanguages: acceptedLanguages(request.headers['accept-language']),
      });
      if (redirect)
        return reply.header('vary', 'Cookie, Accept-Language').redirect(query ? `${redirect}?${query}` : redirect);
      const homeLocale = homeLocaleOf(url);
      // As the app does on every page (root-shell.tsx): the page's language becomes the remembered choice.
      if (homeLocale) {
        reply.header(
          'set-cookie',
          `${LANG_COOKIE}=${homeLocale}; Max-Age=${LANG_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`,
        );
      }
      const { status, html, embed } = await storefrontHtml(request);
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (embed) allowFraming(reply);
      return sendCompressed(request, reply, html);
    }
    return sendError(reply, 404, ErrorCode.NotFound, `Route ${request.method} ${url.split('?')[0]} not found`);
  });
}
