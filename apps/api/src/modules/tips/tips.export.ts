import type { Actor, AppContext } from '../../context.js';
import { assertAdmin } from '../../lib/access.js';
import { type CsvColumn, type CsvSeparatorName, createCsvWriter } from '../../lib/csv.js';
import * as repo from './tips.repository.js';

/** Rows per query of the export: memory stays flat whether 10 or 10 million tips match. */
export const EXPORT_BATCH_SIZE = 2000;

type ExportRow = repo.ExportRow;

/** The file's columns, in order; amounts in euros with 2 decimals. */
const COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'id', text: (r) => r.id },
  { header: 'created', text: (r) => r.created.toISOString() },
  { header: 'updated', text: (r) => r.updated.toISOString() },
  { header: 'tipjarId', text: (r) => r.tipjarId },
  { header: 'tipjarSlug', text: (r) => r.tipjarSlug },
  { header: 'tipjarName', text: (r) => r.tipjarName },
  { header: 'status', text: (r) => r.status },
  { header: 'amount', cents: (r) => r.amount },
  { header: 'fee', cents: (r) => r.fee },
  { header: 'net', cents: (r) => r.amount - r.fee },
  { header: 'paymentMethod', text: (r) => r.paymentMethod },
  { header: 'privacy', text: (r) => r.privacy },
  { header: 'displayName', text: (r) => (r.privacy === 'ANONYMOUS' ? null : r.displayName) },
  { header: 'email', text: (r) => r.email },
  { header: 'message', text: (r) => r.message },
  { header: 'locale', text: (r) => r.locale },
];

export interface TipExport {
  filename: string;
  /** CSV text, one chunk per batch; pulled by the HTTP response, so a slow client slows the queries. */
  body: AsyncGenerator<string>;
}

/**
 * GET tips/export (platform admins): every matching tip as CSV, read in batches of EXPORT_BATCH_SIZE
 * (from a cursor on PostgreSQL, keyset-paged on PGlite: repo.exportBatches) and streamed, never
 * collected in memory. `onBatch` lets tests count the reads.
 */
export function exportTips(
  ctx: AppContext,
  actor: Actor,
  filter: repo.TipFilter,
  options: { batchSize?: number; onBatch?: (rows: number) => void; separator?: CsvSeparatorName } = {},
): TipExport {
  assertAdmin(actor);
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const csv = createCsvWriter(COLUMNS, { separator: options.separator });
  async function* body() {
    yield csv.header();
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
