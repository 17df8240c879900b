import { escapeXml } from '@podpot/domain';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/**
 * QR codes of a shared address. The `qrcode` library encodes (segments, masks, error correction); we
 * draw its modules ourselves — as SVG, PNG and on the poster — so every output has whole-pixel modules
 * and the quiet zone the standard asks for, at exactly the size asked.
 */

/** Level Q restores up to 25 % of the code: a poster that is creased, smudged or half in shadow still scans. */
const ERROR_CORRECTION = 'Q';
/** The light border around the code, in modules (ISO/IEC 18004 asks for 4). */
export const QUIET_ZONE = 4;

/** A row's run of dark modules: from `x`, `length` modules wide, in row `y`. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

export interface QrCode {
  /** Modules per side, without the quiet zone. */
  size: number;
  runs: QrRun[];
}

export function qrCode(text: string): QrCode {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const runs: QrRun[] = [];
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

/** The code as scalable SVG with its accessible name: one module is one unit, crisp at any size. */
export function qrSvg(text: string, title: string): string {
  const { size, runs } = qrCode(text);
  const side = size + 2 * QUIET_ZONE;
  const path = runs.map((r) => `M${r.x + QUIET_ZONE} ${r.y + QUIET_ZONE}h${r.length}v1h-${r.length}z`).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${side}" height="${side}" fill="#ffffff"/>`,
    `<path fill="#000000" d="${path}"/>`,
    '</svg>',
  ].join('');
}

/**
 * The code as a grey-scale PNG of exactly `pixels` × `pixels`: whole-pixel modules as large as fit with
 * the quiet zone, centred; what is left over widens the white border.
 */
export function qrPng(text: string, pixels: number): Buffer {
  const { size, runs } = qrCode(text);
  const module = Math.floor(pixels / (size + 2 * QUIET_ZONE));
  const offset = Math.floor((pixels - size * module) / 2);
  const data = Buffer.alloc(pixels * pixels, 0xff);
  for (const run of runs) {
    for (let row = 0; row < module; row++) {
      const start = (offset + run.y * module + row) * pixels + offset + run.x * module;
      data.fill(0, start, start + run.length * module);
    }
  }
  return PNG.sync.write({ width: pixels, height: pixels, data } as PNG, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    bitDepth: 8,
  });
}
