import {
  type Alternate,
  alternatesOf,
  metaDescriptionOf,
  type PublicEpisode,
  type PublicTipjar,
  type RouteId,
} from '@podpot/domain';

/*
 * The `<head>` tags search engines and link previews read on the pages the server writes (issue 39):
 * the language alternates, and the podcast as structured data (schema.org, JSON-LD). Every text is a
 * maker's or a feed's: escaped for an attribute, or for a script element that no value can end.
 */

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** JSON inside a script element: `<` escaped, so no value can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** JSON for a `<script type="application/json">` (data the page reads instead of asking the API). */
export function jsonElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;
}

/** Structured data: data for search engines, never run (the CSP's script-src does not apply). */
export function jsonLdElement(value: unknown): string {
  return `<script type="application/ld+json">${scriptJson(value)}</script>`;
}

/** `<link rel="alternate" hreflang>` for every language of the page, and x-default. */
export function alternateLinks(publicUrl: string, id: RouteId, params: Record<string, string> = {}): string[] {
  return alternatesOf(publicUrl, id, params).map(
    (a: Alternate) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
  );
}

/** The tip jar's picture as an absolute URL (link previews need one): its stored artwork, else its image. */
export function tipjarImageUrl(publicUrl: string, tipjar: PublicTipjar): string | null {
  if (tipjar.artworkUrl) return `${publicUrl}${tipjar.artworkUrl}`;
  return tipjar.imageUrl;
}

/** The meta description: the maker's own description where there is one, else the page's sentence in its language. */
export function describeTipjar(tipjar: PublicTipjar, fallback: string | undefined): string {
  return metaDescriptionOf(tipjar.description || fallback || tipjar.name);
}

/** schema.org PodcastSeries of a storefront. */
export function podcastSeriesData(tipjar: PublicTipjar, url: string, image: string | null) {
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastSeries',
    name: tipjar.name,
    url,
    ...(tipjar.description ? { description: tipjar.description } : {}),
    ...(image ? { image } : {}),
    ...(tipjar.rssUrl ? { webFeed: tipjar.rssUrl } : {}),
    ...(tipjar.podcastUrl ? { sameAs: tipjar.podcastUrl } : {}),
  };
}

/** schema.org PodcastEpisode of an episode's tip page, part of its series (the storefront). */
export function podcastEpisodeData(
  tipjar: PublicTipjar,
  episode: PublicEpisode,
  urls: { episode: string; series: string },
  image: string | null,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'PodcastEpisode',
    name: episode.title,
    url: urls.episode,
    ...(episode.number !== null ? { episodeNumber: episode.number } : {}),
    ...(episode.publishedAt ? { datePublished: episode.publishedAt } : {}),
    ...(episode.duration !== null ? { timeRequired: `PT${Math.max(1, Math.round(episode.duration / 60))}M` } : {}),
    ...(image ? { image } : {}),
    partOfSeries: { '@type': 'PodcastSeries', name: tipjar.name, url: urls.series },
  };
}
