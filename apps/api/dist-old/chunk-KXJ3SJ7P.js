import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/lib/pdf.ts
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
var require2 = createRequire(new URL("../src/lib/pdf.ts", import.meta.url).href);
var fonts;
function loadPdfFonts() {
  fonts ??= {
    regular: readFileSync(require2.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require2.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"))
  };
  return fonts;
}
__name(loadPdfFonts, "loadPdfFonts");
function pdfBytes(doc) {
  const { regular, bold } = loadPdfFonts();
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
__name(pdfBytes, "pdfBytes");

export {
  loadPdfFonts,
  pdfBytes
};
//# sourceMappingURL=chunk-KXJ3SJ7P.js.map
