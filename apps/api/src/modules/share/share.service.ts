import { createHash } from 'node:crypto';
import {
  badgeSnippet,
  fundingTag,
  isTipjarTippable,
  LOCALES,
  type Locale,
  type PublicTipjar,
  QR_PNG_SIZES,
  type QrPngSize,
  type ShareKit,
  type ShareKitOfLocale,
  type ShareTarget,
  shareFilesPath,
  shareUrl,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { t } from '../../i18n/translate.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { feedRefreshStateOf, findPublicEpisode } from '../episodes/episodes.service.js';
import { findArtwork } from '../feeds/feeds.queries.js';
import type { StorefrontExtras } from '../tipjars/tipjars.ports.js';
import { findPublicTipjar } from '../tipjars/tipjars.service.js';
import type { badgeSize as BadgeSize } from './share.badge.js';

/**
 * The shared files of a LIVE tip jar (decision 031): public, cacheable, drawn on request. Each answer
 * carries an ETag made from everything it is drawn from (the kind, the tip jar's name and address, the
 * language, the size, the public URL, the brand), so a reader's cache and ours are right the moment any
 * of these changes; the drawing itself is kept per ETag, so a busy badge or a poster is drawn once.
 */

export type SharedFileKind = 'badge' | 'qr-svg' | 'qr-png' | 'poster';

export interface SharedFile {
  contentType: string;
  /** A weak validator: two drawings of the same input are equivalent, not byte-equal (a PDF's date). */
  etag: string;
  /** The name a browser saves it under. */
  filename: string;
  body: Buffer | string;
}

/** Raised when a drawing changes, so readers' cached copies of the old one are not kept. */
const DRAWING_VERSION = 1;

const CONTENT_TYPES: Record<SharedFileKind, string> = {
  badge: 'image/svg+xml; charset=utf-8',
  'qr-svg': 'image/svg+xml; charset=utf-8',
  'qr-png': 'image/png',
  poster: 'application/pdf',
};

interface DrawInput {
  kind: SharedFileKind;
  locale: Locale;
  size?: QrPngSize;
}

/** The id of a tip jar's stored artwork (decision 030: `artworkUrl` is `artworkPath(id)`), or null. */
function artworkIdOf(tipjar: PublicTipjar): string | null {
  return tipjar.artworkUrl?.split('/').pop() ?? null;
}

/** The stored artwork of a tip jar (the `artworks` table, feeds.artwork.ts), for the poster; its id joins the ETag. */
async function storedArtworkOf(ctx: AppContext, tipjar: PublicTipjar): Promise<Buffer | undefined> {
  const id = artworkIdOf(tipjar);
  return id ? (await findArtwork(ctx.db, id))?.bytes : undefined;
}

/**
 * The drawing libraries (pdfkit with its fonts, qrcode, pngjs) load with the first shared file or
 * Share page a process serves, not with every process (decision 040).
 */
const badges = () => import('./share.badge.js');

async function draw(
  ctx: AppContext,
  tipjar: PublicTipjar,
  target: ShareTarget,
  input: DrawInput,
): Promise<Buffer | string> {
  const brand = ctx.config.BRAND_NAME;
  const { locale } = input;
  const url = shareUrl(ctx.config.publicUrl, target, locale);
  switch (input.kind) {
    case 'badge':
      return (await badges()).badgeSvg(
        t(locale, 'share.badge', { brand }),
        t(locale, 'share.badgeTitle', { name: tipjar.name, brand }),
      );
    case 'qr-svg':
      return (await import('../../lib/qr.js')).qrSvg(url, t(locale, 'share.qrTitle', { name: tipjar.name, brand }));
    case 'qr-png':
      return (await import('../../lib/qr.js')).qrPng(url, input.size ?? QR_PNG_SIZES[1]);
    case 'poster': {
      const [artwork, { posterPdf }] = await Promise.all([storedArtworkOf(ctx, tipjar), import('./share.poster.js')]);
      return posterPdf({ locale, brand, name: tipjar.name, url, episode: target.episode, artwork });
    }
  }
}

/** Drawings by ETag, the oldest dropped first: a handful of popular files stay drawn. */
const drawings = new Map<string, Promise<Buffer | string>>();
const MAX_DRAWINGS = 64;

function remember(etag: string, drawing: () => Promise<Buffer | string>): Promise<Buffer | string> {
  const hit = drawings.get(etag);
  if (hit) return hit;
  if (drawings.size >= MAX_DRAWINGS) drawings.delete(drawings.keys().next().value!);
  const body = drawing();
  drawings.set(etag, body);
  body.catch(() => drawings.delete(etag));
  return body;
}

function filenameOf(target: ShareTarget, input: DrawInput, episodeNumber: number | null): string {
  const slug = target.episode ? `${target.slug}-e${episodeNumber ?? target.episode.id.slice(0, 8)}` : target.slug;
  const lang = input.locale === 'en' ? '' : `-${input.locale}`;
  switch (input.kind) {
    case 'badge':
      return `${slug}-badge${lang}.svg`;
    case 'qr-svg':
      return `${slug}-qr${lang}.svg`;
    case 'qr-png':
      return `${slug}-qr${lang}-${input.size}.png`;
    case 'poster':
      return `${slug}-poster${lang}.pdf`;
  }
}

/**
 * A LIVE tip jar's file, or (with `episodeId`) one of its episode's (decision 034: the QR code and the
 * badge lead to the episode's tip page, the poster names it); 404 for any other slug or episode.
 */
export async function getSharedFile(
  ctx: AppContext,
  storefront: StorefrontExtras,
  slug: string,
  input: DrawInput,
  episodeId?: string,
): Promise<SharedFile> {
  let tipjar: PublicTipjar | undefined;
  let target: ShareTarget;
  let episodeNumber: number | null = null;
  if (episodeId !== undefined) {
    const found = await findPublicEpisode(ctx, storefront, slug, episodeId);
    if (!found) throw AppError.notFound('Episode');
    tipjar = found.tipjar;
    target = { slug: tipjar.slug, episode: { id: found.episode.id, title: found.episode.title } };
    episodeNumber = found.episode.number;
  } else {
    tipjar = await findPublicTipjar(ctx, storefront, slug);
    if (!tipjar) throw AppError.notFound('Tip jar');
    target = { slug: tipjar.slug };
  }
  const inputs = [
    DRAWING_VERSION,
    input,
    tipjar.slug,
    tipjar.name,
    ctx.config.publicUrl,
    ctx.config.BRAND_NAME,
    target.episode ?? null,
    artworkIdOf(tipjar),
  ];
  const etag = `W/"${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 27)}"`;
  const shown = tipjar;
  return {
    contentType: CONTENT_TYPES[input.kind],
    etag,
    filename: filenameOf(target, input, episodeNumber),
    body: await remember(etag, () => draw(ctx, shown, target, input)),
  };
}

/** True when the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/* ---------- the backoffice's Share page ---------- */

function kitOf(ctx: AppContext, target: ShareTarget, locale: Locale, badgeSize: typeof BadgeSize): ShareKitOfLocale {
  const brand = ctx.config.BRAND_NAME;
  const storefrontUrl = shareUrl(ctx.config.publicUrl, target, locale);
  const files = `${ctx.config.publicUrl}/api/v1${shareFilesPath(target)}`;
  const lang = `lang=${locale}`;
  const alt = t(locale, 'share.badge', { brand });
  const badge = { url: `${files}/badge.svg?${lang}`, alt, ...badgeSize(alt) };
  return {
    storefrontUrl,
    badge,
    snippet: badgeSnippet({ href: storefrontUrl, src: badge.url, ...badge }),
    fundingTag: fundingTag({ url: storefrontUrl, text: t(locale, 'share.funding', { brand }) }),
    qr: {
      svgUrl: `${files}/qr.svg?${lang}`,
      png: QR_PNG_SIZES.map((size) => ({ size, url: `${files}/qr.png?${lang}&size=${size}` })),
    },
    posterUrl: `${files}/poster.pdf?${lang}`,
  };
}

/** The Share page of a tip jar (its admins and platform admins): every address, snippet and file, per language. */
export async function getShareKit(ctx: AppContext, actor: Actor, id: string): Promise<ShareKit> {
  const tipjar = await loadManagedTipjar(ctx, actor, id);
  const target: ShareTarget = { slug: tipjar.slug };
  const { badgeSize } = await badges();
  return {
    slug: tipjar.slug,
    live: isTipjarTippable(tipjar),
    kits: Object.fromEntries(
      LOCALES.map((locale) => [locale, kitOf(ctx, target, locale, badgeSize)]),
    ) as ShareKit['kits'],
    feed: await feedRefreshStateOf(ctx.db, tipjar),
  };
}
