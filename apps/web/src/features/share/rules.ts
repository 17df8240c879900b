import { badgeSnippet, type ShareKitOfLocale, shareFilesPath } from '@podpot/domain';

/**
 * One episode's share kit in one language, made from the tip jar's (decision 031: the episode's files
 * live under the tip jar's, at `tipjars/slug/{slug}/e/{episodeId}/…`, and its tip page is the
 * storefront's address plus `/e/{episodeId}`), so every address stays the platform's public one.
 */
export function episodeKitOf(kit: ShareKitOfLocale, slug: string, episode: { id: string; title: string }) {
  const tipjarFiles = `${shareFilesPath({ slug })}/`;
  const episodeFiles = `${shareFilesPath({ slug, episode })}/`;
  const file = (url: string) => url.replace(tipjarFiles, episodeFiles);
  const storefrontUrl = `${kit.storefrontUrl.replace(/\/$/, '')}/e/${encodeURIComponent(episode.id)}`;
  const badge = { ...kit.badge, url: file(kit.badge.url) };
  return {
    storefrontUrl,
    badge,
    snippet: badgeSnippet({
      href: storefrontUrl,
      src: badge.url,
      alt: badge.alt,
      width: badge.width,
      height: badge.height,
    }),
    qr: { svgUrl: file(kit.qr.svgUrl), png: kit.qr.png.map(({ size, url }) => ({ size, url: file(url) })) },
    posterUrl: file(kit.posterUrl),
  };
}
