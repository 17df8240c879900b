import { toDecimalEuros } from '@podpot/domain';
import { parse } from 'csv-parse/sync';
import { type Options, stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  CSV_SEPARATORS,
  type CsvColumn,
  type CsvSeparatorName,
  csvFilename,
  csvHeaders,
  csvTime,
  defuseInnerFormulas,
  toCsv,
} from './csv.js';

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

/** What csv-stringify wrote for the same columns (the writer before it was hand-rolled for speed). */
function csvStringifyReference(rows: readonly Row[], separator: CsvSeparatorName): string {
  const delimiter = CSV_SEPARATORS[separator];
  const options: Options = {
    delimiter,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      string: (text) => {
        const value = defuseInnerFormulas(text);
        return /[,;]/.test(value) ? { value, quoted: true } : value;
      },
      number: (cents) => toDecimalEuros(cents, delimiter === ';' ? ',' : '.'),
    },
  };
  return (
    stringify([COLUMNS.map((c) => c.header)], { ...options, bom: true }) +
    stringify(
      rows.map((r) => [r.text, r.cents]),
      options,
    )
  );
}

describe('the CSV writer against csv-stringify', () => {
  // Characters that matter to CSV and spreadsheets, plus ordinary ones.
  const ALPHABET = ['=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ';', ' ', 'a', 'Z', 'é', '＝', '－', "'", '1'];
  // A fixed-seed generator: the same cases on every run, thousands of them.
  let seed = 12_345;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const randomRows = (alphabet: string[]): Row[] =>
    Array.from({ length: 5000 }, () => ({
      text: Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join(''),
      cents: (next() % 200_001) - 100_000,
    }));

  for (const separator of SEPARATORS) {
    it(`writes the same bytes for 5,000 random one-line cells (${separator})`, () => {
      const rows = randomRows(ALPHABET.filter((c) => c !== '\r' && c !== '\n'));
      expect(toCsv(COLUMNS, rows, separator)).toBe(csvStringifyReference(rows, separator));
    });

    it(`keeps a cell with a line break in its row, where csv-stringify split the row (${separator})`, () => {
      const rows = randomRows(ALPHABET);
      // A spreadsheet ends a row at any line break outside quotes, not only at CRLF.
      const asSpreadsheet = { bom: true, delimiter: CSV_SEPARATORS[separator], record_delimiter: ['\r\n', '\n', '\r'] };
      const parsed = parse(toCsv(COLUMNS, rows, separator), asSpreadsheet) as string[][];
      expect(parsed).toHaveLength(rows.length + 1);
      parsed.slice(1).forEach(([text], i) => {
        const defused = defuseInnerFormulas(rows[i]!.text);
        expect(text).toBe(/^[=+\-@\t\r＝＋－＠]/.test(defused) ? `'${defused}` : defused);
      });
      // What a tip's message with a line break did to the export before.
      const before = csvStringifyReference([{ text: 'thanks\nfor the show', cents: 100 }], separator);
      expect(parse(before, { ...asSpreadsheet, relax_column_count: true })).toHaveLength(3);
    });
  }
});

describe('CSV for a program or for Dutch Excel (decision 084)', () => {
  it('writes a moment as ISO UTC with commas, as the Amsterdam date and time with semicolons', () => {
    // 23:30 UTC on the last day of February is already 1 March in Amsterdam (winter, +1).
    const lateFebruary = new Date('2026-02-28T23:30:00Z');
    expect(csvTime(lateFebruary)).toBe('2026-02-28T23:30:00.000Z');
    expect(csvTime(lateFebruary, 'semicolon')).toBe('2026-03-01 00:30:00');
    // Summer time (+2), and the last minute before midnight stays on its day.
    expect(csvTime(new Date('2026-07-31T21:59:59Z'), 'semicolon')).toBe('2026-07-31 23:59:59');
    expect(csvTime(new Date('2026-07-31T22:00:00Z'), 'semicolon')).toBe('2026-08-01 00:00:00');
    expect(csvTime(null, 'semicolon')).toBe('');
  });

  it('gives keys as headers in a file for a program and words in one for a spreadsheet', () => {
    const words = (key: 'amount' | 'fee') => ({ amount: 'Bedrag', fee: 'Platformkosten' })[key];
    expect(csvHeaders(['amount', 'fee'], 'comma', words)).toEqual({ amount: 'amount', fee: 'fee' });
    expect(csvHeaders(['amount', 'fee'], 'semicolon', words)).toEqual({ amount: 'Bedrag', fee: 'Platformkosten' });
  });

  it('writes a whole Dutch Excel line: BOM, semicolons, decimal comma, local time', () => {
    const columns: CsvColumn<{ at: Date; cents: number }>[] = [
      { header: 'Datum', time: (r) => r.at },
      { header: 'Bedrag', cents: (r) => r.cents },
    ];
    const rows = [{ at: new Date('2026-03-29T00:59:00Z'), cents: 123_456 }];
    expect(toCsv(columns, rows, 'semicolon')).toBe('\ufeffDatum;Bedrag\r\n2026-03-29 01:59:00;1234,56\r\n');
    expect(toCsv(columns, rows)).toBe('\ufeffDatum,Bedrag\r\n2026-03-29T00:59:00.000Z,1234.56\r\n');
  });

  it("names a file by today's date in Amsterdam", () => {
    expect(csvFilename('de-koffiepod', 'tips', new Date('2026-12-31T23:30:00Z'))).toBe(
      'de-koffiepod-tips-2027-01-01.csv',
    );
  });
});
