import { type Invoice, type InvoiceLine, type Locale, VAT_RATE_BPS } from '@podpot/domain';
import PDFDocument from 'pdfkit';
import { formatBps, formatCents, formatCount, formatCountry, formatDate, formatMonth } from '../../i18n/format.js';
import { t } from '../../i18n/translate.js';
import { pdfBytes } from '../../lib/pdf.js';

/**
 * The invoice as an A4 PDF, drawn with pdfkit in the recipient's language. DejaVu Sans is embedded
 * (as a subset), so € and names in any European script print as written. Lines flow over as many
 * pages as they need, each page repeating the table header, with "page n of m" in the footer.
 */

export interface InvoiceSeller {
  name: string;
  /** Address lines. */
  address: string[];
  coc: string;
  vatNumber: string;
  iban?: string;
  paymentTermDays: number;
}

export interface InvoiceRecipient {
  /** The tip jar's name. */
  name: string;
  companyName?: string | null;
  email: string;
  address?: { street: string; houseNumber: string; postalCode: string; city: string; country: string } | null;
  cocNumber?: string | null;
  vatNumber?: string | null;
}

export interface InvoicePdfInput {
  locale: Locale;
  invoice: Invoice;
  seller: InvoiceSeller;
  recipient: InvoiceRecipient;
}

/* ---------- page geometry (points; A4 is 595.28 × 841.89) ---------- */

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 50;
const WIDTH = A4.width - 2 * LEFT;
const RIGHT = LEFT + WIDTH;
/** Content stays above this line; the footer sits below it. */
const BODY_BOTTOM = A4.height - 70;
const FOOTER_Y = A4.height - 45;
/** Cell padding: across, and above and below the text. */
const PAD = 6;
const PAD_Y = 5;
const COLOR = { text: '#1b1b1b', muted: '#666666', rule: '#d9d9d9', band: '#f3f3f3', accent: '#f28a3d' };
const SIZE = { body: 9.5, small: 8, title: 22, seller: 15 };

interface Column {
  width: number;
  align: 'left' | 'right';
  header: 'invoice.description' | 'invoice.quantity' | 'invoice.unitPrice' | 'invoice.amount';
  cell: (line: InvoiceLine, locale: Locale) => string;
}

const NUMBER_WIDTH = 105;
const QTY_WIDTH = 50;
const COLUMNS: Column[] = [
  {
    width: WIDTH - QTY_WIDTH - 2 * NUMBER_WIDTH,
    align: 'left',
    header: 'invoice.description',
    cell: describe,
  },
  {
    width: QTY_WIDTH,
    align: 'right',
    header: 'invoice.quantity',
    cell: (l, locale) => formatCount(l.quantity, locale),
  },
  {
    width: NUMBER_WIDTH,
    align: 'right',
    header: 'invoice.unitPrice',
    cell: (l, locale) => formatCents(l.unitPriceExVat, locale),
  },
  {
    width: NUMBER_WIDTH,
    align: 'right',
    header: 'invoice.amount',
    cell: (l, locale) => formatCents(l.totalExVat, locale),
  },
];

/**
 * A line's description: one the platform wrote (`InvoiceLine.text`) is worded in the recipient's
 * language, its count and period formatted; a typed one stays as typed.
 */
function describe(line: InvoiceLine, locale: Locale): string {
  const text = line.text;
  if (!text) return line.description;
  if (text.key === 'order') return t(locale, 'invoice.line.order', { product: text.product, tipjar: text.tipjar });
  if (text.key === 'platformFee') {
    const count = formatCount(text.tips, locale);
    const period = formatMonth(text.period, locale);
    return t(locale, text.tips === 1 ? 'invoice.line.feeOne' : 'invoice.line.feeMany', { count, period });
  }
  return t(locale, text.count === 1 ? 'invoice.line.creditOne' : 'invoice.line.creditMany', {
    count: formatCount(text.count, locale),
  });
}

/* ---------- what the invoice asks of the recipient ---------- */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The payment terms line, and the due date when something is to be paid. */
function termsOf(input: InvoicePdfInput): { text: string; due: Date | null } {
  const { invoice, seller, locale } = input;
  if (invoice.status === 'void') return { text: t(locale, 'invoice.terms.voided'), due: null };
  if (invoice.status === 'paid') return { text: t(locale, 'invoice.terms.paid'), due: null };
  // A month's platform fee was taken from each tip already (decision 007): the invoice only states it.
  if (invoice.period) return { text: t(locale, 'invoice.terms.feeWithheld'), due: null };
  if (invoice.totalInclVat <= 0) return { text: t(locale, 'invoice.terms.nothingToPay'), due: null };
  const due = new Date(invoiceDate(invoice).getTime() + seller.paymentTermDays * DAY_MS);
  const pay = t(locale, 'invoice.terms.pay', {
    total: formatCents(invoice.totalInclVat, locale),
    days: seller.paymentTermDays,
    due: formatDate(due, locale),
    number: invoice.number,
  });
  if (!seller.iban) return { text: pay, due };
  return { text: `${pay} ${t(locale, 'invoice.terms.payTo', { iban: seller.iban, name: seller.name })}`, due };
}

const invoiceDate = (invoice: Invoice) => new Date(invoice.issuedAt ?? invoice.created);

/* ---------- drawing ---------- */

type Doc = PDFKit.PDFDocument;

function write(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { bold?: boolean }) {
  const { bold, ...rest } = options;
  doc.font(bold ? 'bold' : 'regular').text(text, x, y, { lineGap: 1, ...rest });
}

function heightOf(doc: Doc, text: string, width: number, bold = false): number {
  return doc.font(bold ? 'bold' : 'regular').heightOfString(text, { width, lineGap: 1 });
}

/** A horizontal line from x to the right edge. */
function rule(doc: Doc, x: number, y: number, { width = 0.5, color = COLOR.rule } = {}) {
  doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}

/** Lines stacked from y; returns the y below them. */
function writeLines(doc: Doc, lines: { text: string; bold?: boolean }[], x: number, y: number, width: number): number {
  let at = y;
  for (const line of lines) {
    write(doc, line.text, x, at, { width, bold: line.bold });
    at += heightOf(doc, line.text, width, line.bold);
  }
  return at;
}

/** Seller, title, recipient and the invoice's dates: the top of the first page. Returns the y below. */
function drawHead(doc: Doc, input: InvoicePdfInput, due: Date | null): number {
  const { invoice, seller, recipient, locale } = input;
  const half = WIDTH / 2 - 10;

  doc.fillColor(COLOR.text).fontSize(SIZE.seller);
  write(doc, seller.name, LEFT, 50, { width: half, bold: true });
  const nameBottom = 50 + heightOf(doc, seller.name, half, true) + 4;
  doc.fontSize(SIZE.small).fillColor(COLOR.muted);
  const sellerBottom = writeLines(
    doc,
    [
      ...seller.address.map((text) => ({ text })),
      { text: `${t(locale, 'invoice.coc')} ${seller.coc}` },
      { text: `${t(locale, 'invoice.vatNumber')} ${seller.vatNumber}` },
      ...(seller.iban ? [{ text: `${t(locale, 'invoice.iban')} ${seller.iban}` }] : []),
    ],
    LEFT,
    nameBottom,
    half,
  );

  doc.fontSize(SIZE.title).fillColor(COLOR.accent);
  write(doc, t(locale, 'invoice.invoice').toUpperCase(), RIGHT - half, 46, { width: half, align: 'right', bold: true });
  const badge =
    invoice.status === 'draft'
      ? t(locale, 'invoice.draft')
      : invoice.status === 'void'
        ? t(locale, 'invoice.void')
        : null;
  if (badge) {
    doc.fontSize(SIZE.body).fillColor(COLOR.muted);
    write(doc, badge.toUpperCase(), RIGHT - half, 76, { width: half, align: 'right', bold: true });
  }

  const top = Math.max(sellerBottom, 100) + 28;
  doc.fontSize(SIZE.small).fillColor(COLOR.muted);
  write(doc, t(locale, 'invoice.billTo').toUpperCase(), LEFT, top, { width: half, bold: true });
  doc.fontSize(SIZE.body).fillColor(COLOR.text);
  const a = recipient.address;
  const company = recipient.companyName?.trim();
  const recipientBottom = writeLines(
    doc,
    [
      { text: company || recipient.name, bold: true },
      ...(company && company !== recipient.name ? [{ text: recipient.name }] : []),
      ...(a
        ? [
            { text: `${a.street} ${a.houseNumber}`.trim() },
            { text: `${a.postalCode}  ${a.city}`.trim() },
            ...(a.country && a.country.toUpperCase() !== 'NL' ? [{ text: formatCountry(a.country, locale) }] : []),
          ]
        : []),
      ...(recipient.email ? [{ text: recipient.email }] : []),
      ...(recipient.cocNumber ? [{ text: `${t(locale, 'invoice.coc')} ${recipient.cocNumber}` }] : []),
      ...(recipient.vatNumber ? [{ text: `${t(locale, 'invoice.vatNumber')} ${recipient.vatNumber}` }] : []),
    ],
    LEFT,
    top + 14,
    half,
  );

  const numberLabel = t(locale, 'invoice.number');
  const facts: [string, string][] = [
    [numberLabel, invoice.number],
    [t(locale, 'invoice.date'), formatDate(invoiceDate(invoice), locale)],
    ...(due ? [[t(locale, 'invoice.dueDate'), formatDate(due, locale)] as [string, string]] : []),
    ...(invoice.period ? [[t(locale, 'invoice.period'), formatMonth(invoice.period, locale)] as [string, string]] : []),
  ];
  let y = top + 14;
  for (const [label, value] of facts) {
    doc.fillColor(COLOR.muted);
    write(doc, label, RIGHT - half, y, { width: half / 2 });
    doc.fillColor(COLOR.text);
    write(doc, value, RIGHT - half / 2, y, { width: half / 2, align: 'right', bold: label === numberLabel });
    y += heightOf(doc, value, half / 2) + 3;
  }
  return Math.max(recipientBottom, y) + 24;
}

/** The top of a follow-on page: which invoice it continues. Returns the y below. */
function drawContinuation(doc: Doc, input: InvoicePdfInput): number {
  const { locale } = input;
  doc.fontSize(SIZE.body).fillColor(COLOR.muted);
  const text = `${t(locale, 'invoice.invoice')} ${input.invoice.number} (${t(locale, 'invoice.continued')})`;
  write(doc, text, LEFT, 50, { width: WIDTH });
  return 74;
}

function drawTableHeader(doc: Doc, locale: Locale, y: number): number {
  doc.fontSize(SIZE.small);
  const height =
    Math.max(...COLUMNS.map((c) => heightOf(doc, t(locale, c.header), c.width - 2 * PAD, true))) + 2 * PAD_Y;
  doc.rect(LEFT, y, WIDTH, height).fill(COLOR.band);
  doc.fillColor(COLOR.muted);
  let x = LEFT;
  for (const c of COLUMNS) {
    write(doc, t(locale, c.header), x + PAD, y + PAD_Y, { width: c.width - 2 * PAD, align: c.align, bold: true });
    x += c.width;
  }
  return y + height;
}

function rowHeight(doc: Doc, line: InvoiceLine, locale: Locale): number {
  doc.fontSize(SIZE.body);
  return Math.max(...COLUMNS.map((c) => heightOf(doc, c.cell(line, locale), c.width - 2 * PAD))) + 2 * PAD_Y;
}

function drawRow(doc: Doc, line: InvoiceLine, locale: Locale, y: number, height: number): number {
  doc.fontSize(SIZE.body).fillColor(COLOR.text);
  let x = LEFT;
  for (const c of COLUMNS) {
    write(doc, c.cell(line, locale), x + PAD, y + PAD_Y, { width: c.width - 2 * PAD, align: c.align });
    x += c.width;
  }
  rule(doc, LEFT, y + height);
  return y + height;
}

/** Subtotal, VAT (the domain's rate) and total, right-aligned under the amounts. Returns the y below. */
function drawTotals(doc: Doc, invoice: Invoice, locale: Locale, y: number): number {
  const labelX = RIGHT - 2 * NUMBER_WIDTH - 60;
  const labelWidth = NUMBER_WIDTH + 60 - PAD;
  const rows: [string, number, boolean][] = [
    [t(locale, 'invoice.subtotal'), invoice.totalExVat, false],
    [t(locale, 'invoice.vat', { rate: formatBps(VAT_RATE_BPS, locale) }), invoice.vat, false],
    [t(locale, 'invoice.total'), invoice.totalInclVat, true],
  ];
  let at = y + 10;
  doc.fontSize(SIZE.body);
  for (const [label, cents, bold] of rows) {
    if (bold) {
      rule(doc, labelX, at - 3, { width: 0.8, color: COLOR.text });
      at += 3;
    }
    doc.fillColor(bold ? COLOR.text : COLOR.muted);
    write(doc, label, labelX, at, { width: labelWidth, bold });
    doc.fillColor(COLOR.text);
    write(doc, formatCents(cents, locale), RIGHT - NUMBER_WIDTH + PAD, at, {
      width: NUMBER_WIDTH - 2 * PAD,
      align: 'right',
      bold,
    });
    at += heightOf(doc, label, labelWidth, bold) + 5;
  }
  return at;
}

/** "Seller · Invoice n" and "Page i of n" on every page, drawn once the page count is known. */
function drawFooters(doc: Doc, input: InvoicePdfInput) {
  const { locale } = input;
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would open a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(doc, LEFT, FOOTER_Y - 8);
    doc.fontSize(SIZE.small).fillColor(COLOR.muted);
    write(doc, `${input.seller.name} · ${t(locale, 'invoice.invoice')} ${input.invoice.number}`, LEFT, FOOTER_Y, {
      width: WIDTH / 2,
      lineBreak: false,
    });
    write(doc, t(locale, 'invoice.page', { page: i - start + 1, pages: count }), LEFT + WIDTH / 2, FOOTER_Y, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, locale } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    bufferPages: true,
    lang: locale,
    info: {
      Title: `${t(locale, 'invoice.invoice')} ${invoice.number}`,
      Author: input.seller.name,
      // The invoice's own date, so the same invoice renders to the same document.
      CreationDate: invoiceDate(invoice),
    },
  });
  const done = pdfBytes(doc);

  const terms = termsOf(input);
  let y = drawTableHeader(doc, locale, drawHead(doc, input, terms.due));
  const newPage = () => {
    doc.addPage();
    return drawContinuation(doc, input);
  };
  for (const line of invoice.lines) {
    const height = rowHeight(doc, line, locale);
    if (y + height > BODY_BOTTOM) y = drawTableHeader(doc, locale, newPage());
    y = drawRow(doc, line, locale, y, height);
  }

  // Totals and terms stay together, on a new page if they do not fit under the last line.
  doc.fontSize(SIZE.body);
  const termsHeight = heightOf(doc, terms.text, WIDTH);
  if (y + 95 + termsHeight > BODY_BOTTOM) y = newPage();
  y = drawTotals(doc, invoice, locale, y);
  doc.fillColor(COLOR.text);
  write(doc, terms.text, LEFT, y + 18, { width: WIDTH });

  drawFooters(doc, input);
  doc.end();
  return done;
}
