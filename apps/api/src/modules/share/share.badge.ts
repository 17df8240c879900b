import { BRAND_COLORS, escapeXml } from '@podpot/domain';
import PDFDocument from 'pdfkit';
import { loadPdfFonts } from '../../lib/pdf.js';

/**
 * The "Tip us on Podpot" button for show notes and websites: a static SVG in the brand colours, no
 * script, no web font. The text is measured in DejaVu Sans Bold (Verdana's metrics, nearly) and pinned to
 * that width with `textLength`, so whatever sans-serif the reader's browser has, it fits the button.
 */

export const BADGE_HEIGHT = 44;
const FONT_SIZE = 15;
const PAD_LEFT = 12;
const PAD_RIGHT = 16;
/** The brand mark's pot (web: components/logo-shapes.tsx), scaled into the button's left side. */
const POT_SCALE = 0.75;
const POT_WIDTH = 28 * POT_SCALE;
const GAP = 8;
const TEXT_X = PAD_LEFT + POT_WIDTH + GAP;

const widths = new Map<string, number>();
/** The width of `text` in DejaVu Sans Bold at the badge's size, in pixels (memoised: a few texts only). */
function textWidth(text: string): number {
  let width = widths.get(text);
  if (width === undefined) {
    const doc = new PDFDocument({ autoFirstPage: false });
    width = Math.ceil(doc.font(loadPdfFonts().bold).fontSize(FONT_SIZE).widthOfString(text));
    if (widths.size < 100) widths.set(text, width);
  }
  return width;
}

/** The badge's size for `text` (the snippet's img carries it, so pages do not shift while it loads). */
export function badgeSize(text: string): { width: number; height: number } {
  return { width: TEXT_X + textWidth(text) + PAD_RIGHT, height: BADGE_HEIGHT };
}

/** The badge: `text` on the button, `title` its accessible name when the file is shown on its own. */
export function badgeSvg(text: string, title: string): string {
  const { width, height } = badgeSize(text);
  const potY = height / 2 - 27 * POT_SCALE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" rx="10" fill="${BRAND_COLORS.primary}"/>`,
    `<g transform="translate(${PAD_LEFT - 4 * POT_SCALE} ${potY}) scale(${POT_SCALE})">`,
    `<rect x="4" y="8" width="28" height="6" rx="3" fill="${BRAND_COLORS.secondary}"/>`,
    '<path d="M6 16h24l-3 26a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z" fill="#ffffff"/>',
    `<circle cx="18" cy="29" r="6" fill="${BRAND_COLORS.accent}"/>`,
    '</g>',
    `<text x="${TEXT_X}" y="${height / 2 + FONT_SIZE * 0.36}" textLength="${textWidth(text)}" lengthAdjust="spacingAndGlyphs"`,
    ` font-family="'DejaVu Sans', Verdana, 'Segoe UI', Arial, sans-serif" font-size="${FONT_SIZE}" font-weight="700"`,
    ` fill="${BRAND_COLORS.ink}">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}
