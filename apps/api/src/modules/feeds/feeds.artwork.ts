import sharp from 'sharp';
import { FeedFetchError } from './feeds.fetcher.js';

/*
 * A feed's artwork as we keep it: checked to be a real image (decoded, not just named one), at most
 * ARTWORK_SIZE square, re-encoded as JPEG. Re-encoding also drops whatever else the file carried
 * (metadata, a script in an SVG: SVG is not accepted at all).
 */

export const ARTWORK_SIZE = 600;
/** Apple asks 1400–3000 px square; anything far beyond is no artwork but a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface StoredImage {
  contentType: 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

/** The image resized for storing, or FeedFetchError('not_a_feed') when the bytes are no usable image. */
export async function toStoredArtwork(input: Buffer): Promise<StoredImage> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error('unsupported');
    const { data, info } = await image
      .rotate()
      .resize(ARTWORK_SIZE, ARTWORK_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/jpeg', width: info.width, height: info.height, bytes: data };
  } catch {
    throw new FeedFetchError('not_a_feed', 'The artwork is not an image we can use');
  }
}
