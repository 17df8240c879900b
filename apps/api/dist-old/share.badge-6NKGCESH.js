import {
  loadPdfFonts
} from "./chunk-KXJ3SJ7P.js";
import {
  BRAND_COLORS,
  escapeXml
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/share/share.badge.ts
import PDFDocument from "pdfkit";
var BADGE_HEIGHT = 44;
var FONT_SIZE = 15;
var PAD_LEFT = 12;
var PAD_RIGHT = 16;
var POT_SCALE = 0.75;
var POT_WIDTH = 28 * POT_SCALE;
var GAP = 8;
var TEXT_X = PAD_LEFT + POT_WIDTH + GAP;
var widths = /* @__PURE__ */ new Map();
function textWidth(text) {
  let width = widths.get(text);
  if (width === void 0) {
    const doc = new PDFDocument({ autoFirstPage: false });
    width = Math.ceil(doc.font(loadPdfFonts().bold).fontSize(FONT_SIZE).widthOfString(text));
    if (widths.size < 100) widths.set(text, width);
  }
  return width;
}
__name(textWidth, "textWidth");
function badgeSize(text) {
  return { width: TEXT_X + textWidth(text) + PAD_RIGHT, height: BADGE_HEIGHT };
}
__name(badgeSize, "badgeSize");
function badgeSvg(text, title) {
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
    "</g>",
    `<text x="${TEXT_X}" y="${height / 2 + FONT_SIZE * 0.36}" textLength="${textWidth(text)}" lengthAdjust="spacingAndGlyphs"`,
    ` font-family="'DejaVu Sans', Verdana, 'Segoe UI', Arial, sans-serif" font-size="${FONT_SIZE}" font-weight="700"`,
    ` fill="${BRAND_COLORS.ink}">${escapeXml(text)}</text>`,
    "</svg>"
  ].join("");
}
__name(badgeSvg, "badgeSvg");
export {
  BADGE_HEIGHT,
  badgeSize,
  badgeSvg
};
//# sourceMappingURL=share.badge-6NKGCESH.js.map
