import type { Locator } from '@playwright/test';
import { podcastAppLinks } from '@podpot/domain';
import { expect } from './test';

/**
 * A small mp3 as an encoder writes it: an ID3v2 header, then `frames` MPEG-1 layer III frames
 * (128 kbit/s, 44.1 kHz). Frames are silent unless `seed` is given: then their bytes differ per seed,
 * so two files are not the same.
 */
export function mp3({ frames = 20, seed }: { frames?: number; seed?: number } = {}): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const body = Array.from({ length: frames }, (_, i) => {
    const frame = Buffer.alloc(417, seed === undefined ? 0 : (seed + i) % 251);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    return frame;
  });
  return Buffer.concat([id3, ...body]);
}

/** Each podcast app's name as its "add to" link reads, in every language. */
export const PODCAST_APP_NAMES = {
  apple: 'Apple Podcasts',
  pocketcasts: 'Pocket Casts',
  overcast: 'Overcast',
  antennapod: 'AntennaPod',
} as const satisfies Record<ReturnType<typeof podcastAppLinks>[number]['app'], string>;

/** The private feed card `card` links each podcast app to the feed at `url`. */
export async function expectPodcastAppLinks(card: Locator, url: string): Promise<void> {
  for (const { app, href } of podcastAppLinks(url)) {
    await expect(card.getByRole('link', { name: PODCAST_APP_NAMES[app] })).toHaveAttribute('href', href);
  }
}
