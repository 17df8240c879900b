import { toDecimalEuros } from '@podpot/domain';
import { type Options, stringify } from 'csv-stringify/sync';
import { z } from 'zod';

/**
 * CSV files for spreadsheets, written by csv-stringify: UTF-8 with a BOM (so Excel reads accents),
 * CRLF line ends, quotes where needed, amounts as euros with 2 decimals.
 *
 * Formula injection (OWASP "CSV injection"): a text cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (csv-stringify's
 * escape_formulas). That alone holds only when the file is split on the separator it was written
 * with. A Dutch Excel splits a ',' file on ';' (and an English one a ';' file on ','), and a quote in
 * the middle of what it takes for a cell is no quote to it: every ',' ';' or line break inside a cell
 * can then start a new cell or row. So a formula character right after one of those is defused too,
 * and a cell holding either separator is always quoted.
 */

export const CSV_SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type CsvSeparatorName = keyof typeof CSV_SEPARATORS;

/** `?separator=semicolon` for spreadsheets that split on ';' (Dutch Excel); amounts then use a decimal comma. */
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

/** One column: a header and either text (defused, quoted) or an amount in cents (written as euros). */
export type CsvColumn<T> =
  | { header: string; text: (row: T) => string | null | undefined }
  | { header: string; cents: (row: T) => number };

export interface CsvWriter<T> {
  /** The BOM and the header line: the first chunk of the file. */
  header(): string;
  /** The lines of some rows (a batch of a streamed file). */
  rows(rows: readonly T[]): string;
}

export function createCsvWriter<T>(
  columns: readonly CsvColumn<T>[],
  { separator = 'comma' }: { separator?: CsvSeparatorName } = {},
): CsvWriter<T> {
  const delimiter = CSV_SEPARATORS[separator];
  const decimalMark = delimiter === ';' ? ',' : '.';
  const options: Options = {
    delimiter,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      // Options per cell cost csv-stringify a normalisation each, so only the rare cell with a separator carries one.
      string: (text) => {
        const value = defuseInnerFormulas(text);
        return /[,;]/.test(value) ? { value, quoted: true } : value;
      },
      // Amounts are the only numbers; csv-stringify leaves a number's leading '-' alone (not a formula).
      number: (cents) => toDecimalEuros(cents, decimalMark),
    },
  };
  return {
    header: () => stringify([columns.map((c) => c.header)], { ...options, bom: true }),
    rows: (rows) =>
      stringify(
        rows.map((row) => columns.map((c) => ('cents' in c ? c.cents(row) : (c.text(row) ?? '')))),
        options,
      ),
  };
}

/** A whole (small) file: header and rows in one string. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], separator?: CsvSeparatorName): string {
  const writer = createCsvWriter(columns, { separator });
  return writer.header() + writer.rows(rows);
}
