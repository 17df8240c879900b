import type { InvoiceLineText, Locale } from '@podpot/domain';

/** The words on an invoice PDF, in the recipient's language (en and nl, same keys). */
export interface InvoiceTexts {
  invoice: string;
  draft: string;
  void: string;
  number: string;
  date: string;
  dueDate: string;
  period: string;
  billTo: string;
  coc: string;
  vatNumber: string;
  iban: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  vat: (rate: string) => string;
  total: string;
  continued: string;
  /** A line the platform wrote (`InvoiceLine.text`); `period` and `count` come formatted. */
  line: (text: InvoiceLineText, f: { period: (p: string) => string; count: (n: number) => string }) => string;
  page: (page: number, pages: number) => string;
  /** Payment terms, by case. */
  terms: {
    pay: (p: { total: string; days: number; due: string; number: string }) => string;
    payTo: (p: { iban: string; name: string }) => string;
    feeWithheld: string;
    paid: string;
    voided: string;
    nothingToPay: string;
  };
}

const en: InvoiceTexts = {
  invoice: 'Invoice',
  draft: 'Draft',
  void: 'Void',
  number: 'Invoice number',
  date: 'Invoice date',
  dueDate: 'Due date',
  period: 'Period',
  billTo: 'Bill to',
  coc: 'Chamber of Commerce no.',
  vatNumber: 'VAT no.',
  iban: 'IBAN',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price excl. VAT',
  amount: 'Amount excl. VAT',
  subtotal: 'Subtotal excl. VAT',
  vat: (rate) => `VAT ${rate}`,
  total: 'Total incl. VAT',
  continued: 'continued',
  line: (text, f) =>
    text.key === 'platformFee'
      ? `Platform fee on ${f.count(text.tips)} ${text.tips === 1 ? 'tip' : 'tips'} in ${f.period(text.period)}`
      : `Platform fee refunded on ${f.count(text.count)} ${text.count === 1 ? 'refund or chargeback' : 'refunds and chargebacks'}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
  terms: {
    pay: (p) => `Please pay ${p.total} within ${p.days} days, by ${p.due}, quoting invoice number ${p.number}.`,
    payTo: (p) => `Bank account in the name of ${p.name}: ${p.iban}.`,
    feeWithheld: 'The platform fee was deducted from your tips when they were paid out: there is nothing left to pay.',
    paid: 'This invoice has been paid. Thank you.',
    voided: 'This invoice has been voided: there is nothing to pay.',
    nothingToPay: 'There is nothing to pay for this invoice.',
  },
};

const nl: InvoiceTexts = {
  invoice: 'Factuur',
  draft: 'Concept',
  void: 'Vervallen',
  number: 'Factuurnummer',
  date: 'Factuurdatum',
  dueDate: 'Vervaldatum',
  period: 'Periode',
  billTo: 'Factuur aan',
  coc: 'KvK-nummer',
  vatNumber: 'Btw-nummer',
  iban: 'IBAN',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Prijs excl. btw',
  amount: 'Bedrag excl. btw',
  subtotal: 'Subtotaal excl. btw',
  vat: (rate) => `Btw ${rate}`,
  total: 'Totaal incl. btw',
  continued: 'vervolg',
  line: (text, f) =>
    text.key === 'platformFee'
      ? `Platformkosten over ${f.count(text.tips)} ${text.tips === 1 ? 'fooi' : 'fooien'} in ${f.period(text.period)}`
      : `Platformkosten terug op ${f.count(text.count)} ${text.count === 1 ? 'terugbetaling of terugboeking' : 'terugbetalingen en terugboekingen'}`,
  page: (page, pages) => `Pagina ${page} van ${pages}`,
  terms: {
    pay: (p) =>
      `Graag ${p.total} binnen ${p.days} dagen betalen, uiterlijk op ${p.due}, onder vermelding van factuurnummer ${p.number}.`,
    payTo: (p) => `Rekening ten name van ${p.name}: ${p.iban}.`,
    feeWithheld:
      'De platformkosten zijn bij de uitbetaling van je fooien al ingehouden: je hoeft niets meer te betalen.',
    paid: 'Deze factuur is betaald. Dank je wel.',
    voided: 'Deze factuur is vervallen: je hoeft niets te betalen.',
    nothingToPay: 'Voor deze factuur hoef je niets te betalen.',
  },
};

export function invoiceTexts(locale: Locale): InvoiceTexts {
  return locale === 'nl' ? nl : en;
}
