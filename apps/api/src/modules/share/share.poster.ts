import { BRAND_COLORS, type Locale } from '@podpot/domain';
import PDFDocument from 'pdfkit';
import { t } from '../../i18n/translate.js';
import { pdfBytes } from '../../lib/pdf.js';
import { QUIET_ZONE, qrCode } from '../../lib/qr.js';

/**
 * The poster for live shows and merchandise tables: one A4 page with the podcast's artwork (or the
 * brand's pot when none is stored), its name, a line of invitation, the QR code (vector, so it prints
 * sharp at any size) and the address written out for those who type. Everything sits at fixed places:
 * a long name shrinks and, past two lines, ends in an ellipsis, so the page never spills onto a second.
 */

export interface PosterInput {
  locale: Locale;
  brand: string;
  /** The podcast's name. */
  name: string;
  /** The address the QR code holds (`shareUrl`). */
  url: string;
  episode?: { title: string };
  /** The stored artwork (PNG or JPEG); the brand's pot is drawn when absent or unreadable. */
  artwork?: Buffer;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;
const BAND = 80;
const ART = { size: 170, y: 110 };
const NAME = { y: 300, maxHeight: 84, sizes: [34, 30, 26, 22, 19] };
const QR = { size: 280, y: 440 };
const MUTED = '#555555';

/** The page's pot: the brand mark (web: components/logo-shapes.tsx) drawn `scale` times at (x, y). */
function drawPot(doc: PDFKit.PDFDocument, x: number, y: number, scale: number, body: string = BRAND_COLORS.primary) {
  doc.save().translate(x, y).scale(scale);
  doc.roundedRect(4, 8, 28, 6, 3).fill(BRAND_COLORS.secondary);
  doc.path('M6 16h24l-3 26a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z').fill(body);
  doc.circle(18, 29, 6).fill(BRAND_COLORS.accent);
  doc.restore();
}

/** The brand's band across the top: the pot and the brand name, centred together. */
function drawBand(doc: PDFKit.PDFDocument, brand: string) {
  doc.rect(0, 0, A4.width, BAND).fill(BRAND_COLORS.primary);
  const scale = 1.3;
  const gap = 10;
  const textWidth = doc.font('bold').fontSize(26).widthOfString(brand);
  const x = (A4.width - (28 * scale + gap + textWidth)) / 2;
  drawPot(doc, x - 4 * scale, BAND / 2 - 27 * scale, scale, '#ffffff');
  doc.fillColor(BRAND_COLORS.ink).text(brand, x + 28 * scale + gap, BAND / 2 - 15, { lineBreak: false });
}

function drawArtwork(doc: PDFKit.PDFDocument, artwork: Buffer | undefined) {
  const x = (A4.width - ART.size) / 2;
  if (artwork) {
    try {
      doc.image(artwork, x, ART.y, { fit: [ART.size, ART.size], align: 'center', valign: 'center' });
      return;
    } catch {
      // Not an image pdfkit can place (only PNG and JPEG): the placeholder instead.
    }
  }
  doc.roundedRect(x, ART.y, ART.size, ART.size, 16).fill('#fff3dc');
  // The pot is 28 × 38 units (x 4–32, y 8–46): centred in the square.
  drawPot(doc, x + ART.size / 2 - 18 * 3.2, ART.y + ART.size / 2 - 27 * 3.2, 3.2);
}

/** The name as large as fits in two lines; still longer names end in an ellipsis. */
function drawName(doc: PDFKit.PDFDocument, name: string): number {
  doc.font('bold').fillColor(BRAND_COLORS.ink);
  const options = { width: WIDTH, align: 'center' as const, lineGap: 2 };
  const size =
    NAME.sizes.find((s) => doc.fontSize(s).heightOfString(name, options) <= NAME.maxHeight) ?? NAME.sizes.at(-1)!;
  doc.fontSize(size).text(name, MARGIN, NAME.y, { ...options, height: NAME.maxHeight, ellipsis: true });
  return Math.min(doc.y, NAME.y + NAME.maxHeight);
}

function drawQr(doc: PDFKit.PDFDocument, url: string) {
  const { size, runs } = qrCode(url);
  const module = QR.size / (size + 2 * QUIET_ZONE);
  const x0 = (A4.width - QR.size) / 2;
  doc.rect(x0, QR.y, QR.size, QR.size).fill('#ffffff');
  for (const run of runs) {
    doc.rect(x0 + (run.x + QUIET_ZONE) * module, QR.y + (run.y + QUIET_ZONE) * module, run.length * module, module);
  }
  doc.fill('#000000');
}

export function posterPdf(input: PosterInput): Promise<Buffer> {
  const { locale } = input;
  const line = t(locale, 'share.posterLine');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: input.locale,
    info: { Title: input.name, Author: input.brand, Subject: line },
  });
  const done = pdfBytes(doc);

  drawBand(doc, input.brand);

  drawArtwork(doc, input.artwork);
  let y = drawName(doc, input.name) + 6;
  doc.font('regular').fillColor(MUTED);
  if (input.episode) {
    doc.fontSize(14).text(t(locale, 'share.posterEpisode', { title: input.episode.title }), MARGIN, y, {
      width: WIDTH,
      align: 'center',
      height: 20,
      ellipsis: true,
    });
    y = doc.y + 6;
  }
  doc.fillColor(BRAND_COLORS.ink).fontSize(16).text(line, MARGIN, Math.max(y, 392), { width: WIDTH, align: 'center' });

  drawQr(doc, input.url);
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(BRAND_COLORS.ink)
    .text(input.url.replace(/^https?:\/\//, ''), MARGIN, QR.y + QR.size + 14, { width: WIDTH, align: 'center' });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(t(locale, 'share.posterFooter', { brand: input.brand }), MARGIN, A4.height - 50, {
      width: WIDTH,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
