import { toDecimalEuros as euros, type Invoice } from '@podpot/domain';

/**
 * A small invoice PDF written by hand (PDF 1.4, one A4 page, the built-in Helvetica font), so no
 * PDF library is needed. Text is WinAnsi: characters outside Latin-1 become '?'.
 */

/** A PDF string literal: WinAnsi bytes, with \ ( ) escaped. */
function pdfText(s: string): string {
  const latin1 = s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

interface TextItem {
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
  /** Right-aligned at x (approximate width: Helvetica digits are 0.556 em). */
  right?: boolean;
  text: string;
}

function textOp(item: TextItem): string {
  const size = item.size ?? 10;
  const x = item.right ? item.x - item.text.length * size * 0.556 : item.x;
  return `BT /${item.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${item.y} Td ${pdfText(item.text)} Tj ET`;
}

export interface InvoicePdfInput {
  brand: string;
  invoice: Invoice;
  maker: { name: string; email: string; companyName?: string | null; vatNumber?: string | null };
}

const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');

export function invoicePdf({ brand, invoice, maker }: InvoicePdfInput): Buffer {
  const items: TextItem[] = [
    { x: 50, y: 790, size: 20, bold: true, text: brand },
    { x: 50, y: 750, size: 16, bold: true, text: `Invoice ${invoice.number}` },
    { x: 50, y: 728, text: `Invoice date: ${date(invoice.issuedAt ?? invoice.created)}` },
    { x: 50, y: 714, text: `Status: ${invoice.status}` },
    ...(invoice.period ? [{ x: 50, y: 700, text: `Period: ${invoice.period}` }] : []),
    { x: 320, y: 728, bold: true, text: 'To' },
    { x: 320, y: 714, text: maker.companyName || maker.name },
    { x: 320, y: 700, text: maker.email },
    ...(maker.vatNumber ? [{ x: 320, y: 686, text: `VAT: ${maker.vatNumber}` }] : []),
    { x: 50, y: 640, bold: true, text: 'Description' },
    { x: 380, y: 640, bold: true, right: true, text: 'Qty' },
    { x: 460, y: 640, bold: true, right: true, text: 'Unit (EUR)' },
    { x: 545, y: 640, bold: true, right: true, text: 'Total (EUR)' },
  ];
  let y = 622;
  for (const line of invoice.lines) {
    items.push(
      { x: 50, y, text: line.description.slice(0, 55) },
      { x: 380, y, right: true, text: String(line.quantity) },
      { x: 460, y, right: true, text: euros(line.unitPriceExVat) },
      { x: 545, y, right: true, text: euros(line.totalExVat) },
    );
    y -= 16;
    if (y < 140) break; // one page; the lines are short in practice
  }
  y -= 14;
  items.push(
    { x: 380, y, text: 'Total excl. VAT' },
    { x: 545, y, right: true, text: euros(invoice.totalExVat) },
    { x: 380, y: y - 16, text: 'VAT 21%' },
    { x: 545, y: y - 16, right: true, text: euros(invoice.vat) },
    { x: 380, y: y - 34, bold: true, text: 'Total incl. VAT' },
    { x: 545, y: y - 34, bold: true, right: true, text: `EUR ${euros(invoice.totalInclVat)}` },
  );
  const rule = `0.5 w 50 ${y + 8} m 545 ${y + 8} l S 50 634 m 545 634 l S`;
  const content = [rule, ...items.map(textOp)].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  // Byte offsets for the cross-reference table; latin1 keeps one byte per character.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
