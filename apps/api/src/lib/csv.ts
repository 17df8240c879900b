import { toDecimalEuros } from '@podpot/domain';
import { z } from 'zod';

/**
 * CSV files for spreadsheets: UTF-8 with a BOM (so Excel reads accents),
 * CRLF line ends, quotes where needed, amounts as euros with 2 decimals.
 *
 * Formula injection (OWASP "CSV injection"): a text cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (as csv-stringify's
 * escape_formulas). That alone holds only when the file is split on the separator it was written
 * with. A Dutch Excel splits a ',' file on ';' (and an English one a ';' file on ','), and a quote in
 * the middle of what it takes for a cell is no quote to it: every ',' ';' or line break inside a cell
 * can then start a new cell or row. So a formula character right after one of those is defused too,
 * and a cell holding either separator is always quoted.
 */

export const CSV_SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type CsvSeparatorName = keyof typeof CSV_SEPARATORS;

/**
 * `?separator=semicolon` for spreadsheets that split on ';' (Dutch Excel); amounts then use a decimal
 * comma, and files that say so (decision 084) local Amsterdam times and headers in the reader's language.
 */
export const CsvQuerySchema = z.object({
  separator: z
    .enum(Object.keys(CSV_SEPARATORS) as [CsvSeparatorName, ...CsvSeparatorName[]])
    .default('comma')
    .describe('the cell separator: comma (default) or semicolon (Dutch Excel; amounts then with a decimal comma)'),
});

/** A formula character where a spreadsheet splitting on either separator could start a cell ('-' only before a non-space). */
const FORMULA_AFTER_BREAK = /(?<=[,;\r\n])(?=[=+@\t\r\uFF1D\uFF0B\uFF20]|[-\uFF0D]\S)/g;

/** Defuses formulas inside a text cell; the cell's first character is left to escape_formulas. */
export function defuseInnerFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_BREAK, "'");
}

/**
 * One column: a header and either text (defused, quoted), an amount in cents (written as euros), or
 * `plain` text that by construction never needs either — a uuid, an ISO timestamp, one of our own
 * enum values: letters, digits, '-', ':', '.', '_', never first a formula character — written as it is
 * (an export writes millions of cells; these skip the checks).
 */
export type CsvColumn<T> =
  | { header: string; text: (row: T) => string | null | undefined }
  | { header: string; cents: (row: T) => number }
  | { header: string; plain: (row: T) => string }
  | { header: string; time: (row: T) => Date | null | undefined };

/** The time zone of a spreadsheet file's times: the platform's (decision 084). */
export const CSV_TIME_ZONE = 'Europe/Amsterdam';

/** 'YYYY-MM-DD HH:mm:ss' as Excel reads a date and time, in CSV_TIME_ZONE (sv-SE writes that shape). */
const LOCAL_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CSV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment in a CSV cell (decision 084): in a file for a program (',') ISO 8601 in UTC, unambiguous;
 * in a file for a Dutch spreadsheet (';') the local time in Amsterdam, which Excel takes for a date —
 * a tip paid at 00:30 on 1 March is then on 1 March, not on the last day of February.
 */
export function csvTime(date: Date | null | undefined, separator: CsvSeparatorName = 'comma'): string {
  if (!date) return '';
  return separator === 'semicolon' ? LOCAL_TIME.format(date) : date.toISOString();
}

/**
 * Whether a file is for a spreadsheet in the reader's language (`;`: Dutch Excel) rather than for a
 * program: its headers are then words in the reader's language, not stable keys (decision 084).
 */
export const isSpreadsheet = (separator: CsvSeparatorName | undefined) => separator === 'semicolon';

export interface CsvWriter<T> {
  /** The BOM and the header line: the first chunk of the file. */
  header(): string;
  /** The lines of some rows (a batch of a streamed file). */
  rows(rows: readonly T[]): string;
}

/** A text cell starting with one of these is a formula to some spreadsheet ('-' too, except in an amount). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const BREAKS = /[,;\r\n]/;
const QUOTE_TEXT = /[",;\r\n]/;

/**
 * One text cell: inner formulas defused, a leading formula character escaped with an apostrophe,
 * quoted when it holds a quote, a line break or either separator (quotes doubled). The same bytes
 * csv-stringify wrote with `escape_formulas` and a quoted cast for cells with a separator (csv.test.ts
 * holds the two against each other), at a fraction of its cost per cell: an export writes millions.
 */
export function textCell(text: string): string {
  if (text === '') return '';
  let value = BREAKS.test(text) ? defuseInnerFormulas(text) : text;
  if (FORMULA_START.has(value[0]!)) value = `'${value}`;
  if (!QUOTE_TEXT.test(value)) return value;
  return `"${value.includes('"') ? value.replaceAll('"', '""') : value}"`;
}

export function createCsvWriter<T>(
  columns: readonly CsvColumn<T>[],
  { separator = 'comma' }: { separator?: CsvSeparatorName } = {},
): CsvWriter<T> {
  const delimiter = CSV_SEPARATORS[separator];
  const decimalMark = delimiter === ';' ? ',' : '.';
  // An amount is a number: never a formula (its '-' is a sign) and, with the decimal mark never the
  // separator, never quoted.
  const cells = columns.map((c) =>
    'cents' in c
      ? (row: T) => toDecimalEuros(c.cents(row), decimalMark)
      : 'plain' in c
        ? c.plain
        : 'time' in c
          ? (row: T) => csvTime(c.time(row), separator)
          : (row: T) => textCell(c.text(row) ?? ''),
  );
  const line = (row: T) => {
    let out = cells[0]!(row);
    for (let i = 1; i < cells.length; i++) out += delimiter + cells[i]!(row);
    return `${out}\r\n`;
  };
  return {
    header: () => `\ufeff${columns.map((c) => textCell(c.header)).join(delimiter)}\r\n`,
    rows: (rows) => {
      let out = '';
      for (const row of rows) out += line(row);
      return out;
    },
  };
}

/** A whole (small) file: header and rows in one string. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], separator?: CsvSeparatorName): string {
  const writer = createCsvWriter(columns, { separator });
  return writer.header() + writer.rows(rows);
}

/**
 * The headers of a set of columns: the keys themselves in a file for a program (stable for scripts),
 * `words(key)` — the reader's language — in one for a spreadsheet (decision 084).
 */
export function csvHeaders<K extends string>(
  keys: readonly K[],
  separator: CsvSeparatorName,
  words: (key: K) => string,
): Record<K, string> {
  const spreadsheet = isSpreadsheet(separator);
  return Object.fromEntries(keys.map((key) => [key, spreadsheet ? words(key) : key])) as Record<K, string>;
}

/** A download's name: `<slug>-<what>-<YYYY-MM-DD>.csv`, today as it is in Amsterdam. */
export function csvFilename(slug: string, what: string, now: Date = new Date()): string {
  return `${slug}-${what}-${LOCAL_TIME.format(now).slice(0, 10)}.csv`;
}

/**
 * A file streamed from batches of rows (keyset pages): the BOM and header first, then each batch's
 * lines as the response pulls them — one batch in memory at a time, however many rows.
 */
export async function* streamCsv<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
  separator: CsvSeparatorName,
): AsyncGenerator<string> {
  const csv = createCsvWriter(columns, { separator });
  yield csv.header();
  for await (const batch of batches) if (batch.length > 0) yield csv.rows(batch);
}
