import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_SEPARATORS, type CsvColumn, type CsvSeparatorName, toCsv } from './csv.js';

interface Row {
  text: string;
  cents: number;
}
const COLUMNS: CsvColumn<Row>[] = [
  { header: 'text', text: (r) => r.text },
  { header: 'amount', cents: (r) => r.cents },
];
const SEPARATORS = Object.keys(CSV_SEPARATORS) as CsvSeparatorName[];

/** How a spreadsheet splitting on `separator` may see the file: quotes inside a cell count for nothing. */
function naiveCells(csv: string, separator: string): string[] {
  return csv
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^"/, ''));
}

describe('CSV files', () => {
  it('starts with a BOM and the header, ends lines with CRLF, and writes amounts as euros per separator', () => {
    const rows = [{ text: 'Zoë', cents: 123_456 }];
    expect(toCsv(COLUMNS, rows)).toBe('\ufefftext,amount\r\nZoë,1234.56\r\n');
    expect(toCsv(COLUMNS, rows, 'semicolon')).toBe('\ufefftext;amount\r\nZoë;1234,56\r\n');
    expect(toCsv(COLUMNS, [{ text: 'credit', cents: -250 }])).toContain('credit,-2.50\r\n');
  });

  it('defuses formulas at the start of a text cell, not a negative amount', () => {
    for (const text of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '＝1+1']) {
      const rows = parse(toCsv(COLUMNS, [{ text, cents: 0 }]), { bom: true }) as string[][];
      expect(rows[1]![0]).toBe(`'${text}`);
    }
    expect(toCsv(COLUMNS, [{ text: 'x', cents: -5 }])).toContain(',-0.05\r\n');
  });

  const NASTY = [
    '=HYPERLINK("http://evil.example","click")',
    'Hello; "world", and\na second line',
    'x;=1+1;-2+3,@cmd\n=SUM(A1)',
    '€ 5,- for you',
  ];

  for (const separator of SEPARATORS) {
    it(`parses back with the ${separator} separator: every cell whole, formulas defused`, () => {
      const csv = toCsv(
        COLUMNS,
        NASTY.map((text) => ({ text, cents: 100 })),
        separator,
      );
      const rows = parse(csv, { bom: true, delimiter: CSV_SEPARATORS[separator] }) as string[][];
      expect(rows.map((r) => r.length)).toEqual([2, 2, 2, 2, 2]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        'Hello; "world", and\na second line',
        "x;'=1+1;'-2+3,'@cmd\n'=SUM(A1)",
        '€ 5,- for you',
      ]);
      expect(rows[1]![1]).toBe(separator === 'semicolon' ? '1,00' : '1.00');
    });

    it(`gives no formula to a spreadsheet that splits a ${separator} file on either separator`, () => {
      const csv = toCsv(
        COLUMNS,
        NASTY.map((text) => ({ text, cents: 100 })),
        separator,
      );
      for (const split of [',', ';']) {
        for (const cell of naiveCells(csv, split)) expect(cell, `split on ${split}`).not.toMatch(/^([=+@\t]|-\S)/);
      }
    });
  }
});
