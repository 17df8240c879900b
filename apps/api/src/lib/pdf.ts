import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * DejaVu Sans, regular and bold, for the files we draw (invoices, posters, badges): € and names in any
 * European script print as written. Read once per process; pdfkit embeds only the glyphs a document uses.
 */
export function loadPdfFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** The smallest of pdfkit's document surface we use: fonts and the byte stream. */
interface PdfDocument {
  registerFont(name: string, src: Buffer): unknown;
  on(event: string, listener: (arg: Buffer) => void): unknown;
}

/**
 * Registers DejaVu Sans as `regular` and `bold` on a new pdfkit document and answers its bytes once
 * the caller has ended it (call before drawing: the document streams as it is drawn).
 */
export function pdfBytes(doc: PdfDocument): Promise<Buffer> {
  const { regular, bold } = loadPdfFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
