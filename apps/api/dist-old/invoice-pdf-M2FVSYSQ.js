import {
  pdfBytes
} from "./chunk-KXJ3SJ7P.js";
import {
  VAT_RATE_BPS,
  formatBps,
  formatCents,
  intlLocaleOf
} from "./chunk-5ERTLZPQ.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/invoices/invoice-pdf.ts
import PDFDocument from "pdfkit";

// src/modules/invoices/invoice-pdf.texts.ts
var en = {
  invoice: "Invoice",
  draft: "Draft",
  void: "Void",
  number: "Invoice number",
  date: "Invoice date",
  dueDate: "Due date",
  period: "Period",
  billTo: "Bill to",
  coc: "Chamber of Commerce no.",
  vatNumber: "VAT no.",
  iban: "IBAN",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price excl. VAT",
  amount: "Amount excl. VAT",
  subtotal: "Subtotal excl. VAT",
  vat: /* @__PURE__ */ __name((rate) => `VAT ${rate}`, "vat"),
  total: "Total incl. VAT",
  continued: "continued",
  line: /* @__PURE__ */ __name((text, f) => text.key === "platformFee" ? `Platform fee on ${f.count(text.tips)} ${text.tips === 1 ? "tip" : "tips"} in ${f.period(text.period)}` : `Platform fee refunded on ${f.count(text.count)} ${text.count === 1 ? "refund or chargeback" : "refunds and chargebacks"}`, "line"),
  page: /* @__PURE__ */ __name((page, pages) => `Page ${page} of ${pages}`, "page"),
  terms: {
    pay: /* @__PURE__ */ __name((p) => `Please pay ${p.total} within ${p.days} days, by ${p.due}, quoting invoice number ${p.number}.`, "pay"),
    payTo: /* @__PURE__ */ __name((p) => `Bank account in the name of ${p.name}: ${p.iban}.`, "payTo"),
    feeWithheld: "The platform fee was deducted from your tips when they were paid out: there is nothing left to pay.",
    paid: "This invoice has been paid. Thank you.",
    voided: "This invoice has been voided: there is nothing to pay.",
    nothingToPay: "There is nothing to pay for this invoice."
  }
};
var nl = {
  invoice: "Factuur",
  draft: "Concept",
  void: "Vervallen",
  number: "Factuurnummer",
  date: "Factuurdatum",
  dueDate: "Vervaldatum",
  period: "Periode",
  billTo: "Factuur aan",
  coc: "KvK-nummer",
  vatNumber: "Btw-nummer",
  iban: "IBAN",
  description: "Omschrijving",
  quantity: "Aantal",
  unitPrice: "Prijs excl. btw",
  amount: "Bedrag excl. btw",
  subtotal: "Subtotaal excl. btw",
  vat: /* @__PURE__ */ __name((rate) => `Btw ${rate}`, "vat"),
  total: "Totaal incl. btw",
  continued: "vervolg",
  line: /* @__PURE__ */ __name((text, f) => text.key === "platformFee" ? `Platformkosten over ${f.count(text.tips)} ${text.tips === 1 ? "fooi" : "fooien"} in ${f.period(text.period)}` : `Platformkosten terug op ${f.count(text.count)} ${text.count === 1 ? "terugbetaling of terugboeking" : "terugbetalingen en terugboekingen"}`, "line"),
  page: /* @__PURE__ */ __name((page, pages) => `Pagina ${page} van ${pages}`, "page"),
  terms: {
    pay: /* @__PURE__ */ __name((p) => `Graag ${p.total} binnen ${p.days} dagen betalen, uiterlijk op ${p.due}, onder vermelding van factuurnummer ${p.number}.`, "pay"),
    payTo: /* @__PURE__ */ __name((p) => `Rekening ten name van ${p.name}: ${p.iban}.`, "payTo"),
    feeWithheld: "De platformkosten zijn bij de uitbetaling van je fooien al ingehouden: je hoeft niets meer te betalen.",
    paid: "Deze factuur is betaald. Dank je wel.",
    voided: "Deze factuur is vervallen: je hoeft niets te betalen.",
    nothingToPay: "Voor deze factuur hoef je niets te betalen."
  }
};
function invoiceTexts(locale) {
  return locale === "nl" ? nl : en;
}
__name(invoiceTexts, "invoiceTexts");

// src/modules/invoices/invoice-pdf.ts
var A4 = { width: 595.28, height: 841.89 };
var LEFT = 50;
var WIDTH = A4.width - 2 * LEFT;
var RIGHT = LEFT + WIDTH;
var BODY_BOTTOM = A4.height - 70;
var FOOTER_Y = A4.height - 45;
var PAD = 6;
var PAD_Y = 5;
var COLOR = { text: "#1b1b1b", muted: "#666666", rule: "#d9d9d9", band: "#f3f3f3", accent: "#f28a3d" };
var SIZE = { body: 9.5, small: 8, title: 22, seller: 15 };
var NUMBER_WIDTH = 105;
var QTY_WIDTH = 50;
var COLUMNS = [
  {
    width: WIDTH - QTY_WIDTH - 2 * NUMBER_WIDTH,
    align: "left",
    header: /* @__PURE__ */ __name((t) => t.description, "header"),
    // A line the platform wrote is worded in the recipient's language; a typed one stays as typed.
    cell: /* @__PURE__ */ __name((l, f) => f.describe(l), "cell")
  },
  { width: QTY_WIDTH, align: "right", header: /* @__PURE__ */ __name((t) => t.quantity, "header"), cell: /* @__PURE__ */ __name((l, f) => f.count(l.quantity), "cell") },
  { width: NUMBER_WIDTH, align: "right", header: /* @__PURE__ */ __name((t) => t.unitPrice, "header"), cell: /* @__PURE__ */ __name((l, f) => f.money(l.unitPriceExVat), "cell") },
  { width: NUMBER_WIDTH, align: "right", header: /* @__PURE__ */ __name((t) => t.amount, "header"), cell: /* @__PURE__ */ __name((l, f) => f.money(l.totalExVat), "cell") }
];
function formatsOf(locale) {
  const tag = intlLocaleOf(locale);
  const date = new Intl.DateTimeFormat(tag, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Amsterdam"
  });
  const month = new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
  const regions = new Intl.DisplayNames([tag], { type: "region" });
  const formats = {
    money: /* @__PURE__ */ __name((cents) => formatCents(cents, locale), "money"),
    count: /* @__PURE__ */ __name((n) => new Intl.NumberFormat(tag).format(n), "count"),
    date: /* @__PURE__ */ __name((d) => date.format(d), "date"),
    // Periods are UTC calendar months 'YYYY-MM' (decision 007).
    period: /* @__PURE__ */ __name((p) => month.format(/* @__PURE__ */ new Date(`${p}-01T00:00:00Z`)), "period"),
    country: /* @__PURE__ */ __name((code) => regions.of(code.toUpperCase()) ?? code, "country"),
    describe: /* @__PURE__ */ __name((line) => line.text ? invoiceTexts(locale).line(line.text, formats) : line.description, "describe")
  };
  return formats;
}
__name(formatsOf, "formatsOf");
var DAY_MS = 24 * 60 * 60 * 1e3;
function termsOf(input, t, f) {
  const { invoice, seller } = input;
  if (invoice.status === "void") return { text: t.terms.voided, due: null };
  if (invoice.status === "paid") return { text: t.terms.paid, due: null };
  if (invoice.period) return { text: t.terms.feeWithheld, due: null };
  if (invoice.totalInclVat <= 0) return { text: t.terms.nothingToPay, due: null };
  const due = new Date(invoiceDate(invoice).getTime() + seller.paymentTermDays * DAY_MS);
  const pay = t.terms.pay({
    total: f.money(invoice.totalInclVat),
    days: seller.paymentTermDays,
    due: f.date(due),
    number: invoice.number
  });
  return { text: seller.iban ? `${pay} ${t.terms.payTo({ iban: seller.iban, name: seller.name })}` : pay, due };
}
__name(termsOf, "termsOf");
var invoiceDate = /* @__PURE__ */ __name((invoice) => new Date(invoice.issuedAt ?? invoice.created), "invoiceDate");
function write(doc, text, x, y, options) {
  const { bold, ...rest } = options;
  doc.font(bold ? "bold" : "regular").text(text, x, y, { lineGap: 1, ...rest });
}
__name(write, "write");
function heightOf(doc, text, width, bold = false) {
  return doc.font(bold ? "bold" : "regular").heightOfString(text, { width, lineGap: 1 });
}
__name(heightOf, "heightOf");
function rule(doc, x, y, { width = 0.5, color = COLOR.rule } = {}) {
  doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}
__name(rule, "rule");
function writeLines(doc, lines, x, y, width) {
  let at = y;
  for (const line of lines) {
    write(doc, line.text, x, at, { width, bold: line.bold });
    at += heightOf(doc, line.text, width, line.bold);
  }
  return at;
}
__name(writeLines, "writeLines");
function drawHead(doc, input, t, f, due) {
  const { invoice, seller, recipient } = input;
  const half = WIDTH / 2 - 10;
  doc.fillColor(COLOR.text).fontSize(SIZE.seller);
  write(doc, seller.name, LEFT, 50, { width: half, bold: true });
  const nameBottom = 50 + heightOf(doc, seller.name, half, true) + 4;
  doc.fontSize(SIZE.small).fillColor(COLOR.muted);
  const sellerBottom = writeLines(
    doc,
    [
      ...seller.address.map((text) => ({ text })),
      { text: `${t.coc} ${seller.coc}` },
      { text: `${t.vatNumber} ${seller.vatNumber}` },
      ...seller.iban ? [{ text: `${t.iban} ${seller.iban}` }] : []
    ],
    LEFT,
    nameBottom,
    half
  );
  doc.fontSize(SIZE.title).fillColor(COLOR.accent);
  write(doc, t.invoice.toUpperCase(), RIGHT - half, 46, { width: half, align: "right", bold: true });
  const badge = invoice.status === "draft" ? t.draft : invoice.status === "void" ? t.void : null;
  if (badge) {
    doc.fontSize(SIZE.body).fillColor(COLOR.muted);
    write(doc, badge.toUpperCase(), RIGHT - half, 76, { width: half, align: "right", bold: true });
  }
  const top = Math.max(sellerBottom, 100) + 28;
  doc.fontSize(SIZE.small).fillColor(COLOR.muted);
  write(doc, t.billTo.toUpperCase(), LEFT, top, { width: half, bold: true });
  doc.fontSize(SIZE.body).fillColor(COLOR.text);
  const a = recipient.address;
  const company = recipient.companyName?.trim();
  const recipientBottom = writeLines(
    doc,
    [
      { text: company || recipient.name, bold: true },
      ...company && company !== recipient.name ? [{ text: recipient.name }] : [],
      ...a ? [
        { text: `${a.street} ${a.houseNumber}`.trim() },
        { text: `${a.postalCode}  ${a.city}`.trim() },
        ...a.country && a.country.toUpperCase() !== "NL" ? [{ text: f.country(a.country) }] : []
      ] : [],
      ...recipient.email ? [{ text: recipient.email }] : [],
      ...recipient.cocNumber ? [{ text: `${t.coc} ${recipient.cocNumber}` }] : [],
      ...recipient.vatNumber ? [{ text: `${t.vatNumber} ${recipient.vatNumber}` }] : []
    ],
    LEFT,
    top + 14,
    half
  );
  const facts = [
    [t.number, invoice.number],
    [t.date, f.date(invoiceDate(invoice))],
    ...due ? [[t.dueDate, f.date(due)]] : [],
    ...invoice.period ? [[t.period, f.period(invoice.period)]] : []
  ];
  let y = top + 14;
  for (const [label, value] of facts) {
    doc.fillColor(COLOR.muted);
    write(doc, label, RIGHT - half, y, { width: half / 2 });
    doc.fillColor(COLOR.text);
    write(doc, value, RIGHT - half / 2, y, { width: half / 2, align: "right", bold: label === t.number });
    y += heightOf(doc, value, half / 2) + 3;
  }
  return Math.max(recipientBottom, y) + 24;
}
__name(drawHead, "drawHead");
function drawContinuation(doc, input, t) {
  doc.fontSize(SIZE.body).fillColor(COLOR.muted);
  write(doc, `${t.invoice} ${input.invoice.number} (${t.continued})`, LEFT, 50, { width: WIDTH });
  return 74;
}
__name(drawContinuation, "drawContinuation");
function drawTableHeader(doc, t, y) {
  doc.fontSize(SIZE.small);
  const height = Math.max(...COLUMNS.map((c) => heightOf(doc, c.header(t), c.width - 2 * PAD, true))) + 2 * PAD_Y;
  doc.rect(LEFT, y, WIDTH, height).fill(COLOR.band);
  doc.fillColor(COLOR.muted);
  let x = LEFT;
  for (const c of COLUMNS) {
    write(doc, c.header(t), x + PAD, y + PAD_Y, { width: c.width - 2 * PAD, align: c.align, bold: true });
    x += c.width;
  }
  return y + height;
}
__name(drawTableHeader, "drawTableHeader");
function rowHeight(doc, line, f) {
  doc.fontSize(SIZE.body);
  return Math.max(...COLUMNS.map((c) => heightOf(doc, c.cell(line, f), c.width - 2 * PAD))) + 2 * PAD_Y;
}
__name(rowHeight, "rowHeight");
function drawRow(doc, line, f, y, height) {
  doc.fontSize(SIZE.body).fillColor(COLOR.text);
  let x = LEFT;
  for (const c of COLUMNS) {
    write(doc, c.cell(line, f), x + PAD, y + PAD_Y, { width: c.width - 2 * PAD, align: c.align });
    x += c.width;
  }
  rule(doc, LEFT, y + height);
  return y + height;
}
__name(drawRow, "drawRow");
function drawTotals(doc, invoice, t, f, locale, y) {
  const labelX = RIGHT - 2 * NUMBER_WIDTH - 60;
  const labelWidth = NUMBER_WIDTH + 60 - PAD;
  const rows = [
    [t.subtotal, invoice.totalExVat, false],
    [t.vat(formatBps(VAT_RATE_BPS, locale)), invoice.vat, false],
    [t.total, invoice.totalInclVat, true]
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
    write(doc, f.money(cents), RIGHT - NUMBER_WIDTH + PAD, at, { width: NUMBER_WIDTH - 2 * PAD, align: "right", bold });
    at += heightOf(doc, label, labelWidth, bold) + 5;
  }
  return at;
}
__name(drawTotals, "drawTotals");
function drawFooters(doc, input, t) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(doc, LEFT, FOOTER_Y - 8);
    doc.fontSize(SIZE.small).fillColor(COLOR.muted);
    write(doc, `${input.seller.name} \xB7 ${t.invoice} ${input.invoice.number}`, LEFT, FOOTER_Y, {
      width: WIDTH / 2,
      lineBreak: false
    });
    write(doc, t.page(i - start + 1, count), LEFT + WIDTH / 2, FOOTER_Y, {
      width: WIDTH / 2,
      align: "right",
      lineBreak: false
    });
    doc.page.margins.bottom = margin;
  }
}
__name(drawFooters, "drawFooters");
function invoicePdf(input) {
  const { invoice, locale } = input;
  const t = invoiceTexts(locale);
  const f = formatsOf(locale);
  const doc = new PDFDocument({
    size: "A4",
    margin: LEFT,
    bufferPages: true,
    lang: locale,
    info: {
      Title: `${t.invoice} ${invoice.number}`,
      Author: input.seller.name,
      // The invoice's own date, so the same invoice renders to the same document.
      CreationDate: invoiceDate(invoice)
    }
  });
  const done = pdfBytes(doc);
  const terms = termsOf(input, t, f);
  let y = drawTableHeader(doc, t, drawHead(doc, input, t, f, terms.due));
  const newPage = /* @__PURE__ */ __name(() => {
    doc.addPage();
    return drawContinuation(doc, input, t);
  }, "newPage");
  for (const line of invoice.lines) {
    const height = rowHeight(doc, line, f);
    if (y + height > BODY_BOTTOM) y = drawTableHeader(doc, t, newPage());
    y = drawRow(doc, line, f, y, height);
  }
  doc.fontSize(SIZE.body);
  const termsHeight = heightOf(doc, terms.text, WIDTH);
  if (y + 95 + termsHeight > BODY_BOTTOM) y = newPage();
  y = drawTotals(doc, invoice, t, f, locale, y);
  doc.fillColor(COLOR.text);
  write(doc, terms.text, LEFT, y + 18, { width: WIDTH });
  drawFooters(doc, input, t);
  doc.end();
  return done;
}
__name(invoicePdf, "invoicePdf");
export {
  invoicePdf
};
//# sourceMappingURL=invoice-pdf-M2FVSYSQ.js.map
