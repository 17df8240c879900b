import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  appUrl,
  ErrorCode,
  isReservedSlug,
  isTipjarTippable,
  type Locale,
  localeFromPath,
  SLUG_PATTERN,
  stripLocale,
  type TipjarStatus,
} from '@podpot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sendCompressed } from './compression.js';
import { sendError } from './error-handler.js';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * `/{slug}` or `/nl/{slug}`: the storefront's slug, or null for any other path. A first segment that
 * is a route of the app (the domain's route table) is never a tip jar.
 */
export function storefrontSlugOf(url: string): { slug: string; locale: Locale } | null {
  // Empty segments do not count: '//nl//koffie' is '/nl/koffie'.
  const pathname = `/${url.split(/[?#]/)[0]!.split('/').filter(Boolean).join('/')}`;
  const locale = localeFromPath(pathname);
  const rest = stripLocale(pathname).split('/').filter(Boolean);
  const slug = rest.length === 1 ? decodeURIComponent(rest[0]!).toLowerCase() : null;
  if (!slug || !SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return null;
  return { slug, locale };
}

/**
 * Serves the built single-page app: hashed assets with long caching (precompressed), every other GET that is
 * not an API or simulator path gets index.html so the client router can answer (including its 404 page).
 * A tip jar's page gets its title, description and Open Graph tags in the HTML itself, because chat
 * apps and search engines that show link previews do not run the app's JavaScript; an unknown or not
 * LIVE slug is answered 404 (the app shows its 404 page).
 */
export interface StorefrontPreview {
  slug: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  status: TipjarStatus;
  active: boolean;
  archivedAt: Date | null;
}

export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  /** The tip jar behind a storefront URL, for its link-preview tags (app.ts passes the tip jar read). */
  findStorefront: (slug: string) => Promise<StorefrontPreview | undefined>,
) {
  const { config } = ctx;
  const root = path.resolve(config.WEB_DIST ?? DEFAULT_DIST);
  const indexFile = path.join(root, 'index.html');
  const hasWeb = existsSync(indexFile);
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  async function storefrontHtml(request: FastifyRequest): Promise<{ status: number; html: string }> {
    const target = storefrontSlugOf(request.url);
    if (!target) return { status: 200, html: indexHtml };
    const tipjar = await findStorefront(target.slug);
    if (!tipjar || !isTipjarTippable(tipjar)) return { status: 404, html: indexHtml };
    const url = appUrl(config.publicUrl, 'storefront', { tipjarslug: tipjar.slug }, target.locale);
    const title = `${tipjar.name} - ${config.BRAND_NAME}`;
    const description = tipjar.description || tipjar.name;
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(config.BRAND_NAME)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      ...(tipjar.imageUrl ? [`<meta property="og:image" content="${escapeHtml(tipjar.imageUrl)}" />`] : []),
      `<meta name="twitter:card" content="${tipjar.imageUrl ? 'summary_large_image' : 'summary'}" />`,
    ].join('\n    ');
    // Replacer functions: a replacement string would expand `$&`, `$\`` and `$'` in a tip jar's name.
    const html = indexHtml
      .replace(/<html lang="[^"]*"/, () => `<html lang="${target.locale}"`)
      .replace(/<title>[^<]*<\/title>/, () => tags);
    return { status: 200, html };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url.startsWith('/sim/opp/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const { status, html } = await storefrontHtml(request);
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      return sendCompressed(request, reply, html);
    }
    return sendError(reply, 404, ErrorCode.NotFound, `Route ${request.method} ${url.split('?')[0]} not found`);
  });
}
