import { type SQL, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin } from '../../lib/access.js';
import { type CsvColumn, type CsvSeparatorName, createCsvWriter } from '../../lib/csv.js';
import { csvLineSql, isoTimestampSql } from '../../lib/csv-sql.js';
import * as repo from './tips.repository.js';

/** Rows per query of the export: memory stays flat whether 10 or 10 million tips match. */
export const EXPORT_BATCH_SIZE = 2000;

type ExportRow = repo.ExportRow;
type Fields = repo.ExportFields;

/**
 * The file's columns, in order; amounts in euros with 2 decimals. Each column twice: its value in
 * Node (`text`/`cents`, the CSV writer) and the same value in SQL (`sql`, for the database to write
 * the line itself; `plain`: a uuid or timestamp, never quoted or defused); tips-export-copy.api.test.ts
 * holds the two to the same bytes.
 */
const COLUMNS: readonly (CsvColumn<ExportRow> & { sql: (f: Fields) => SQL; plain?: true })[] = [
  { header: 'id', text: (r) => r.id, sql: (f) => sql`${f.id}::text`, plain: true },
  { header: 'created', text: (r) => r.created.toISOString(), sql: (f) => isoTimestampSql(f.created), plain: true },
  { header: 'updated', text: (r) => r.updated.toISOString(), sql: (f) => isoTimestampSql(f.updated), plain: true },
  { header: 'tipjarId', text: (r) => r.tipjarId, sql: (f) => sql`${f.tipjarId}::text`, plain: true },
  { header: 'tipjarSlug', text: (r) => r.tipjarSlug, sql: (f) => sql`${f.tipjarSlug}` },
  { header: 'tipjarName', text: (r) => r.tipjarName, sql: (f) => sql`${f.tipjarName}` },
  { header: 'status', text: (r) => r.status, sql: (f) => sql`${f.status}` },
  { header: 'amount', cents: (r) => r.amount, sql: (f) => sql`${f.amount}` },
  { header: 'fee', cents: (r) => r.fee, sql: (f) => sql`${f.fee}` },
  { header: 'net', cents: (r) => r.amount - r.fee, sql: (f) => sql`(${f.amount} - ${f.fee})` },
  { header: 'paymentMethod', text: (r) => r.paymentMethod, sql: (f) => sql`${f.paymentMethod}` },
  { header: 'privacy', text: (r) => r.privacy, sql: (f) => sql`${f.privacy}` },
  {
    header: 'displayName',
    text: (r) => (r.privacy === 'ANONYMOUS' ? null : r.displayName),
    sql: (f) => sql`(case when ${f.privacy} = 'ANONYMOUS' then null else ${f.displayName} end)`,
  },
  { header: 'email', text: (r) => r.email, sql: (f) => sql`${f.email}` },
  { header: 'message', text: (r) => r.message, sql: (f) => sql`${f.message}` },
  { header: 'locale', text: (r) => r.locale, sql: (f) => sql`${f.locale}` },
  // The episode tipped for (decision 034): "42: Title", the title alone when unnumbered, empty for none.
  {
    header: 'episode',
    text: (r) =>
      r.episodeTitle === null
        ? null
        : r.episodeNumber === null
          ? r.episodeTitle
          : `${r.episodeNumber}: ${r.episodeTitle}`,
    sql: (f) =>
      sql`(case when ${f.episodeNumber} is null then ${f.episodeTitle} else ${f.episodeNumber}::text || ': ' || ${f.episodeTitle} end)`,
  },
];

/** One line of the file in SQL, from the columns' `sql`. */
const lineSql = (separator: CsvSeparatorName | undefined) => (f: Fields) =>
  csvLineSql(
    COLUMNS.map((c) => ('cents' in c ? { cents: c.sql(f) } : c.plain ? { plain: c.sql(f) } : { text: c.sql(f) })),
    separator,
  );

export interface TipExport {
  filename: string;
  /** The file in chunks (text or bytes); pulled by the HTTP response, so a slow client slows the reading. */
  body: AsyncGenerator<string | Buffer>;
}

/**
 * GET tips/export (platform admins): every matching tip as CSV, streamed, never collected in memory.
 * On PostgreSQL the database writes the lines (one COPY of the whole file: repo.copyExportLines) and
 * Node passes the bytes on; on PGlite, or with `writer: 'node'`, the rows are read in batches of
 * EXPORT_BATCH_SIZE (keyset-paged: repo.exportBatches) and written here. `onBatch` lets tests count
 * those reads.
 */
export function exportTips(
  ctx: AppContext,
  actor: Actor,
  filter: repo.TipFilter,
  options: {
    batchSize?: number;
    onBatch?: (rows: number) => void;
    separator?: CsvSeparatorName;
    writer?: 'database' | 'node';
  } = {},
): TipExport {
  assertAdmin(actor);
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const csv = createCsvWriter(COLUMNS, { separator: options.separator });
  async function* body() {
    yield csv.header();
    const lines =
      options.writer === 'node' ? undefined : repo.copyExportLines(ctx.db, filter, lineSql(options.separator));
    if (lines) {
      yield* lines;
      return;
    }
    for await (const batch of repo.exportBatches(ctx.db, filter, batchSize)) {
      options.onBatch?.(batch.length);
      if (batch.length > 0) yield csv.rows(batch);
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${ctx.config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-tips-${date}.csv`,
    body: body(),
  };
}
