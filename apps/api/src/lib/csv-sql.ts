import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { CSV_SEPARATORS, type CsvSeparatorName } from './csv.js';

/**
 * The CSV writer's rules (csv.ts) as PostgreSQL expressions, so PostgreSQL can write the lines of a
 * large file itself (COPY … TO STDOUT) and Node only passes bytes on. Byte for byte what
 * createCsvWriter writes for the same values; tips-export-copy.api.test.ts holds the two against
 * each other.
 */

/**
 * One column: text (defused, quoted), an amount in cents (written as euros), or `plain` text that by
 * construction never needs either (a uuid, an ISO timestamp: hex digits, digits and '-' ':' 'T' 'Z'
 * after a first digit), written as it is.
 */
export type CsvSqlColumn = { text: SQL } | { cents: SQL } | { plain: SQL };

// The patterns of csv.ts in PostgreSQL's regex dialect (ARE). `\S` is spelled out as JavaScript
// reads it, not as the database's locale might.
const JS_SPACE = String.raw`\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
/** defuseInnerFormulas: a formula character right after a separator or line break. */
const FORMULA_AFTER_BREAK = String.raw`(?<=[,;\r\n])(?=[=+@\t\r\uff1d\uff0b\uff20]|[-\uff0d][^${JS_SPACE}])`;
/** FORMULA_START: a cell starting with one of these gets a leading apostrophe. */
const FORMULA_START = String.raw`^(?=[-=+@\t\r\uff1d\uff0b\uff0d\uff20])`;
/** A cell with a quote, separator or line break is quoted. */
const NEEDS_QUOTES = String.raw`[",;\r\n]`;
/** What makes a cell other than its text: a quote, separator or line break, or a formula start. */
const NOT_AS_IT_IS = String.raw`[",;\r\n]|^[-=+@\t\r\uff1d\uff0b\uff0d\uff20]`;

const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);
const APOSTROPHE = literal("'");

/**
 * textCell of csv.ts: null and '' are empty; inner formulas defused, a leading formula character
 * escaped with an apostrophe, quoted (quotes doubled) when it holds a quote, separator or line break.
 * The common cell, which needs none of that, costs one regex test.
 */
export function textCellSql(value: SQL): SQL {
  const escaped = sql`regexp_replace(regexp_replace(${value}, ${literal(FORMULA_AFTER_BREAK)}, ${APOSTROPHE}, 'g'),
                                     ${literal(FORMULA_START)}, ${APOSTROPHE})`;
  return sql`(case
    when ${value} is null then ''
    when ${value} !~ ${literal(NOT_AS_IT_IS)} then ${value}
    when ${value} ~ ${literal(NEEDS_QUOTES)} then '"' || replace(${escaped}, '"', '""') || '"'
    else ${escaped} end)`;
}

/**
 * toDecimalEuros of the domain package for an integer column: at least one digit before the decimal
 * mark and two after it, a '-' for a negative amount (ten digit places hold any int4).
 */
export function centsSql(cents: SQL, decimalMark: '.' | ','): SQL {
  return sql`to_char(${cents}, ${literal(`FM9999999990"${decimalMark}"00`)})`;
}

/** A timestamptz as JavaScript's Date#toISOString writes it: UTC, milliseconds (cut, not rounded), a Z. */
export function isoTimestampSql(value: SQLWrapper): SQL {
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Where the text cells of a row are put side by side, each after a \x01, to be tested at once. */
const ROW_NOT_AS_IT_IS = String.raw`[",;\r\n]|\x01[-=+@\t\r\uff1d\uff0b\uff0d\uff20]`;

/**
 * One line of the file, CRLF included, as createCsvWriter(…).rows([row]) writes it. Most rows have
 * no cell to quote or defuse: one regex test over all their text cells (each after a \x01) finds
 * those, and only they go cell by cell through textCellSql (a \x01 in a cell costs only that).
 */
export function csvLineSql(columns: readonly CsvSqlColumn[], separator: CsvSeparatorName = 'comma'): SQL {
  const delimiter = literal(CSV_SEPARATORS[separator]);
  const decimalMark = separator === 'semicolon' ? ',' : '.';
  const line = (text: (value: SQL) => SQL) =>
    sql.join(
      columns.map((c) => ('cents' in c ? centsSql(c.cents, decimalMark) : 'plain' in c ? c.plain : text(c.text))),
      sql` || ${delimiter} || `,
    );
  const texts = columns.flatMap((c) => ('text' in c ? [sql`chr(1) || coalesce(${c.text}, '')`] : []));
  return sql`(case when ${sql.join(texts, sql` || `)} ~ ${literal(ROW_NOT_AS_IT_IS)}
                   then ${line(textCellSql)} else ${line((value) => sql`coalesce(${value}, '')`)} end
              || ${literal('\r\n')})`;
}
