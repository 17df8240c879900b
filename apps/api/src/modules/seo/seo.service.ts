import { alternatesOf, appUrl, LOCALES, type RouteId } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { createPublicCache } from '../../lib/public-cache.js';
import * as episodesQueries from '../episodes/episodes.queries.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';

/**
 * `/sitemap.xml` (issue 39): the home page and every tippable tip jar's page and episode pages, each
 * in every language with its language alternates. Read a page of tip jars at a time by address (keyset)
 * with one query for that page's episodes: two queries per SITEMAP_PAGE tip jars, whatever their count.
 */

/** Tip jars read per query. */
const SITEMAP_PAGE = 1_000;
/** The sitemap protocol's limit of URLs in one file; past it the rest is left out. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * One sitemap per app for a minute, dropped with the other public answers when a tip jar changes
 * (lib/public-cache.ts): a suspended tip jar leaves it at once, a crawler's visits cost no query.
 */
const sitemaps = createPublicCache<string>({ ttlMs: 60_000, maxEntries: 1 });

export function getSitemap(ctx: AppContext): Promise<string> {
  return sitemaps.get(ctx, 'sitemap', () => buildSitemap(ctx));
}

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

async function buildSitemap(ctx: AppContext): Promise<string> {
  const base = ctx.config.publicUrl;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  let count = 0;
  /** The page in every language, each entry naming all of them (what search engines ask of hreflang). */
  const add = (id: RouteId, params: Record<string, string>, lastmod: Date | null) => {
    const alternates = alternatesOf(base, id, params)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('');
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
    for (const locale of LOCALES) {
      lines.push(`<url><loc>${escapeXml(appUrl(base, id, params, locale))}</loc>${modified}${alternates}</url>`);
    }
    count += LOCALES.length;
  };

  add('home', {}, null);
  let after: string | null = null;
  while (count < SITEMAP_MAX_URLS) {
    const page = await tipjarsQueries.listTippableTipjarsAfter(ctx.db, after, SITEMAP_PAGE);
    if (page.length === 0) break;
    const episodes = await episodesQueries.episodesOfTipjars(
      ctx.db,
      page.map((tipjar) => tipjar.id),
    );
    const byTipjar = new Map<string, typeof episodes>();
    for (const episode of episodes) {
      const list = byTipjar.get(episode.tipjarId) ?? [];
      list.push(episode);
      byTipjar.set(episode.tipjarId, list);
    }
    for (const tipjar of page) {
      if (count >= SITEMAP_MAX_URLS) break;
      add('storefront', { tipjarslug: tipjar.slug }, tipjar.updated);
      for (const episode of byTipjar.get(tipjar.id) ?? []) {
        if (count >= SITEMAP_MAX_URLS) break;
        add('storefrontEpisode', { tipjarslug: tipjar.slug, episodeid: episode.id }, episode.publishedAt);
      }
    }
    if (page.length < SITEMAP_PAGE) break;
    after = page.at(-1)!.slug;
  }
  if (count >= SITEMAP_MAX_URLS) ctx.log.warn({ urls: count }, 'sitemap full: later tip jars are left out');
  lines.push('</urlset>', '');
  return lines.join('\n');
}
