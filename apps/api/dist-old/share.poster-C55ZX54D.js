import {
  shareTexts
} from "./chunk-SX3AAUVB.js";
import {
  QUIET_ZONE,
  qrCode
} from "./chunk-OP5U2HLC.js";
import {
  pdfBytes
} from "./chunk-KXJ3SJ7P.js";
import {
  BRAND_COLORS
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/share/share.poster.ts
import PDFDocument from "pdfkit";
var A4 = { width: 595.28, height: 841.89 };
var MARGIN = 50;
var WIDTH = A4.width - 2 * MARGIN;
var BAND = 80;
var ART = { size: 170, y: 110 };
var NAME = { y: 300, maxHeight: 84, sizes: [34, 30, 26, 22, 19] };
var QR = { size: 280, y: 440 };
var MUTED = "#555555";
function drawPot(doc, x, y, scale, body = BRAND_COLORS.primary) {
  doc.save().translate(x, y).scale(scale);
  doc.roundedRect(4, 8, 28, 6, 3).fill(BRAND_COLORS.secondary);
  doc.path("M6 16h24l-3 26a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z").fill(body);
  doc.circle(18, 29, 6).fill(BRAND_COLORS.accent);
  doc.restore();
}
__name(drawPot, "drawPot");
function drawBand(doc, brand) {
  doc.rect(0, 0, A4.width, BAND).fill(BRAND_COLORS.primary);
  const scale = 1.3;
  const gap = 10;
  const textWidth = doc.font("bold").fontSize(26).widthOfString(brand);
  const x = (A4.width - (28 * scale + gap + textWidth)) / 2;
  drawPot(doc, x - 4 * scale, BAND / 2 - 27 * scale, scale, "#ffffff");
  doc.fillColor(BRAND_COLORS.ink).text(brand, x + 28 * scale + gap, BAND / 2 - 15, { lineBreak: false });
}
__name(drawBand, "drawBand");
function drawArtwork(doc, artwork) {
  const x = (A4.width - ART.size) / 2;
  if (artwork) {
    try {
      doc.image(artwork, x, ART.y, { fit: [ART.size, ART.size], align: "center", valign: "center" });
      return;
    } catch {
    }
  }
  doc.roundedRect(x, ART.y, ART.size, ART.size, 16).fill("#fff3dc");
  drawPot(doc, x + ART.size / 2 - 18 * 3.2, ART.y + ART.size / 2 - 27 * 3.2, 3.2);
}
__name(drawArtwork, "drawArtwork");
function drawName(doc, name) {
  doc.font("bold").fillColor(BRAND_COLORS.ink);
  const options = { width: WIDTH, align: "center", lineGap: 2 };
  const size = NAME.sizes.find((s) => doc.fontSize(s).heightOfString(name, options) <= NAME.maxHeight) ?? NAME.sizes.at(-1);
  doc.fontSize(size).text(name, MARGIN, NAME.y, { ...options, height: NAME.maxHeight, ellipsis: true });
  return Math.min(doc.y, NAME.y + NAME.maxHeight);
}
__name(drawName, "drawName");
function drawQr(doc, url) {
  const { size, runs } = qrCode(url);
  const module = QR.size / (size + 2 * QUIET_ZONE);
  const x0 = (A4.width - QR.size) / 2;
  doc.rect(x0, QR.y, QR.size, QR.size).fill("#ffffff");
  for (const run of runs) {
    doc.rect(x0 + (run.x + QUIET_ZONE) * module, QR.y + (run.y + QUIET_ZONE) * module, run.length * module, module);
  }
  doc.fill("#000000");
}
__name(drawQr, "drawQr");
function posterPdf(input) {
  const t = shareTexts(input.locale);
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    lang: input.locale,
    info: { Title: input.name, Author: input.brand, Subject: t.posterLine }
  });
  const done = pdfBytes(doc);
  drawBand(doc, input.brand);
  drawArtwork(doc, input.artwork);
  let y = drawName(doc, input.name) + 6;
  doc.font("regular").fillColor(MUTED);
  if (input.episode) {
    doc.fontSize(14).text(t.posterEpisode(input.episode.title), MARGIN, y, {
      width: WIDTH,
      align: "center",
      height: 20,
      ellipsis: true
    });
    y = doc.y + 6;
  }
  doc.fillColor(BRAND_COLORS.ink).fontSize(16).text(t.posterLine, MARGIN, Math.max(y, 392), { width: WIDTH, align: "center" });
  drawQr(doc, input.url);
  doc.font("bold").fontSize(14).fillColor(BRAND_COLORS.ink).text(input.url.replace(/^https?:\/\//, ""), MARGIN, QR.y + QR.size + 14, { width: WIDTH, align: "center" });
  doc.font("regular").fontSize(11).fillColor(MUTED).text(t.posterFooter(input.brand), MARGIN, A4.height - 50, { width: WIDTH, align: "center", lineBreak: false });
  doc.end();
  return done;
}
__name(posterPdf, "posterPdf");
export {
  posterPdf
};
//# sourceMappingURL=share.poster-C55ZX54D.js.map
