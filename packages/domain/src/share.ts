/**
 * "Where listeners are" (issue 14, decision 031): the links, files and snippets a maker shares — the
 * badge for show notes, the QR code and poster for live shows, the `podcast:funding` tag for the feed.
 * A share target is a tip jar or, later, one of its episodes; every function takes the optional episode
 * so the per-episode variant is the same call with one more field.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from './locale.js';
import { localizePath } from './routes.js';
import { FeedRefreshStateSchema } from './schemas/episode.js';
import { LocaleSchema } from './schemas/fields.js';
import { SlugSchema } from './schemas/tipjar.js';

/** What is shared: a tip jar's storefront, or one episode's tip page (`/{slug}/e/{episodeId}`). */
export interface ShareTarget {
  slug: string;
  episode?: { id: string; title: string };
}

/** The brand colours (docs/product.md §9), for files drawn outside the web app's theme (badge, poster). */
export const BRAND_COLORS = {
  primary: '#f28a3d',
  secondary: '#4E8381',
  accent: '#FBBD51',
  /** Text on the primary and accent colours (7.6:1 on the orange). */
  ink: '#1b1b1b',
} as const;

/** The PNG sizes of a QR code (pixels, square): screen, print, large print. Bounded: a public file. */
export const QR_PNG_SIZES = [512, 1024, 2048] as const;
export type QrPngSize = (typeof QR_PNG_SIZES)[number];
export const DEFAULT_QR_PNG_SIZE: QrPngSize = 1024;

/** The unprefixed app path of a target: `/{slug}` or `/{slug}/e/{episodeId}`. */
export function sharePath(target: ShareTarget): string {
  const base = `/${encodeURIComponent(target.slug)}`;
  return target.episode ? `${base}/e/${encodeURIComponent(target.episode.id)}` : base;
}

/** The absolute address a listener opens (what the QR code holds), in `locale`. */
export function shareUrl(publicUrl: string, target: ShareTarget, locale: Locale): string {
  return `${publicUrl.replace(/\/$/, '')}${localizePath(sharePath(target), locale)}`;
}

/** The API path (under /api/v1) of a target's shared files: `/tipjars/slug/{slug}[/e/{episodeId}]`. */
export function shareFilesPath(target: ShareTarget): string {
  return `/tipjars/slug${sharePath(target)}`;
}

/** Text for XML and HTML (element content and quoted attributes alike). */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`);
}

/** The tag a maker pastes into their feed's `<channel>` (Podcasting 2.0 namespace). */
export function fundingTag({ url, text }: { url: string; text: string }): string {
  return `<podcast:funding url="${escapeXml(url)}">${escapeXml(text)}</podcast:funding>`;
}

/** The HTML for show notes and websites: a plain link around the badge image, no script. */
export function badgeSnippet(badge: { href: string; src: string; alt: string; width: number; height: number }): string {
  const { href, src, alt, width, height } = badge;
  return `<a href="${escapeXml(href)}"><img src="${escapeXml(src)}" alt="${escapeXml(alt)}" width="${width}" height="${height}"></a>`;
}

/* ---------- the tip widget (decision 094) ---------- */

/** Where the widget's loader is served, at the platform's origin. */
export const WIDGET_LOADER_PATH = '/embed.js';

/** A tip jar's widget page (the form the overlay frames): `/{slug}/embed`, `/nl/{slug}/embed`. */
export function widgetPagePath(slug: string, locale: Locale): string {
  return `${locale === 'en' ? '' : `/${locale}`}/${encodeURIComponent(slug)}/embed`;
}

/**
 * What a maker pastes into their website: a plain link to the storefront (works without script) that
 * the loader turns into a tip button opening the form in an overlay; the frame's language is the host
 * page's `<html lang>`. `origin` is the platform's public origin.
 */
export function widgetSnippet(input: { origin: string; slug: string; storefrontUrl: string; text: string }): string {
  const { origin, slug, storefrontUrl, text } = input;
  return `<a data-podpot-tip="${escapeXml(slug)}" href="${escapeXml(storefrontUrl)}">${escapeXml(text)}</a>\n<script src="${escapeXml(origin + WIDGET_LOADER_PATH)}" async></script>`;
}

/** The variant without script: the form itself in a frame on the maker's page. */
export function widgetFrameSnippet(input: { origin: string; slug: string; locale: Locale; title: string }): string {
  const src = input.origin + widgetPagePath(input.slug, input.locale);
  return `<iframe src="${escapeXml(src)}" title="${escapeXml(input.title)}" width="400" height="760" style="border:0;max-width:100%"></iframe>`;
}

/** What a host page with a Content-Security-Policy adds to its directives for the widget. */
export function widgetCsp(origin: string): string {
  return `script-src ${origin}; frame-src ${origin}`;
}

/* ---------- API schemas ---------- */

/** `?lang=` of a shared file: the language of its text and of the address it points to. */
export const ShareFileQuerySchema = z.object({ lang: LocaleSchema.default('en') });
export const QrPngQuerySchema = ShareFileQuerySchema.extend({
  size: z.coerce
    .number()
    .int()
    .refine((n): n is QrPngSize => (QR_PNG_SIZES as readonly number[]).includes(n), { message: 'choice' })
    .default(DEFAULT_QR_PNG_SIZE)
    .describe(`pixels: ${QR_PNG_SIZES.join(', ')}`),
});

const ShareKitOfLocaleSchema = z.object({
  /** Where the badge, the QR code and the funding tag lead. */
  storefrontUrl: z.string(),
  badge: z.object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() }),
  /** `badgeSnippet` of the badge above. */
  snippet: z.string(),
  /** `fundingTag` in this language. */
  fundingTag: z.string(),
  qr: z.object({
    svgUrl: z.string(),
    png: z.array(z.object({ size: z.number().int(), url: z.string() })),
  }),
  posterUrl: z.string(),
});
export type ShareKitOfLocale = z.infer<typeof ShareKitOfLocaleSchema>;

/** GET tipjars/{id}/share: everything the backoffice's Share page shows, in every language. */
export const ShareKitSchema = z.object({
  slug: z.string(),
  /** False until the tip jar is LIVE: the files answer 404 until then. */
  live: z.boolean(),
  kits: z.object(
    Object.fromEntries(LOCALES.map((locale) => [locale, ShareKitOfLocaleSchema])) as Record<
      Locale,
      typeof ShareKitOfLocaleSchema
    >,
  ),
  /**
   * The feed refresh state (decision 034): when it was last read, failures, whether it stopped, how many
   * episodes, and `fundingLinked` ("your feed links to Podpot ✓"). null without a feed address. Always
   * sent by the API; optional only for older clients' fixtures.
   */
  feed: FeedRefreshStateSchema.nullable().optional(),
});
export type ShareKit = z.infer<typeof ShareKitSchema>;

/** `tipjars/slug/{slug}/…`: a slug as the tip jar rules allow it (anything else is a 400, not a lookup). */
export const ShareSlugParamsSchema = z.object({ slug: SlugSchema });
