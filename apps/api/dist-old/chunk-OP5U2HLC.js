import {
  escapeXml
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/share/share.qr.ts
import { PNG } from "pngjs";
import QRCode from "qrcode";
var ERROR_CORRECTION = "Q";
var QUIET_ZONE = 4;
function qrCode(text) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const runs = [];
  for (let y = 0; y < modules.size; y++) {
    let start = -1;
    for (let x = 0; x <= modules.size; x++) {
      const dark = x < modules.size && modules.get(y, x);
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, length: x - start });
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}
__name(qrCode, "qrCode");
function qrSvg(text, title) {
  const { size, runs } = qrCode(text);
  const side = size + 2 * QUIET_ZONE;
  const path = runs.map((r) => `M${r.x + QUIET_ZONE} ${r.y + QUIET_ZONE}h${r.length}v1h-${r.length}z`).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${side}" height="${side}" fill="#ffffff"/>`,
    `<path fill="#000000" d="${path}"/>`,
    "</svg>"
  ].join("");
}
__name(qrSvg, "qrSvg");
function qrPng(text, pixels) {
  const { size, runs } = qrCode(text);
  const module = Math.floor(pixels / (size + 2 * QUIET_ZONE));
  const offset = Math.floor((pixels - size * module) / 2);
  const data = Buffer.alloc(pixels * pixels, 255);
  for (const run of runs) {
    for (let row = 0; row < module; row++) {
      const start = (offset + run.y * module + row) * pixels + offset + run.x * module;
      data.fill(0, start, start + run.length * module);
    }
  }
  return PNG.sync.write({ width: pixels, height: pixels, data }, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8
  });
}
__name(qrPng, "qrPng");

export {
  QUIET_ZONE,
  qrCode,
  qrSvg,
  qrPng
};
//# sourceMappingURL=chunk-OP5U2HLC.js.map
