import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { posterPdf } from './share.poster.js';

const input = { locale: 'en' as const, brand: 'Podpot', name: 'De Koffiepod', url: 'https://podpot.nl/de-koffiepod' };
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('posterPdf', () => {
  it("places the stored artwork when there is one, and the brand's pot otherwise", async () => {
    const art = new PNG({ width: 40, height: 40 });
    art.data.fill(200);
    // An image (and its alpha mask: the PNG has an alpha channel).
    expect(images(await posterPdf({ ...input, artwork: PNG.sync.write(art) }))).toBeGreaterThan(0);
    expect(images(await posterPdf(input))).toBe(0);
  });

  it('still draws the poster when the stored artwork is no image it can place', async () => {
    const pdf = await posterPdf({ ...input, artwork: Buffer.from('RIFF....WEBPVP8 not really') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(images(pdf)).toBe(0);
  });
});
