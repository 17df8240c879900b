import type { Actor, AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './tips.repository.js';

/** Rows per query of the export: memory stays flat whether 10 or 10 million tips match. */
export const EXPORT_BATCH_SIZE = 1000;

const COLUMNS = [
  'id',
  'created',
  'updated',
  'tipjarId',
  'tipjarSlug',
  'tipjarName',
  'status',
  'amount',
  'fee',
  'net',
  'paymentMethod',
  'privacy',
  'displayName',
  'email',
  'message',
  'locale',
] as const;

/** Cents as euros with 2 decimals, in integer arithmetic: 1234 → "12.34". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return that hides one) gets a leading apostrophe (OWASP "CSV injection"); then quoted
 * when it holds a separator, quote or line break.
 */
export function csvCell(value: string | number | null | undefined, { isText = true } = {}): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (isText && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

type ExportRow = Awaited<ReturnType<typeof repo.exportBatch>>[number];

function csvLine(r: ExportRow): string {
  const num = { isText: false };
  return [
    csvCell(r.id, num),
    csvCell(r.created.toISOString(), num),
    csvCell(r.updated.toISOString(), num),
    csvCell(r.tipjarId, num),
    csvCell(r.tipjarSlug),
    csvCell(r.tipjarName),
    csvCell(r.status),
    csvCell(euros(r.amount), num),
    csvCell(euros(r.fee), num),
    csvCell(euros(r.amount - r.fee), num),
    csvCell(r.paymentMethod),
    csvCell(r.privacy),
    csvCell(r.privacy === 'ANONYMOUS' ? null : r.displayName),
    csvCell(r.email),
    csvCell(r.message),
    csvCell(r.locale),
  ].join(',');
}

export interface TipExport {
  filename: string;
  /** CSV text, one chunk per batch; pulled by the HTTP response, so a slow client slows the queries. */
  body: AsyncGenerator<string>;
}

/**
 * GET tips/export (platform admins): every matching tip as CSV, read in keyset-paged batches of
 * EXPORT_BATCH_SIZE and streamed, never collected in memory. `onBatch` lets tests count queries.
 */
export function exportTips(
  ctx: AppContext,
  actor: Actor,
  filter: repo.TipFilter,
  options: { batchSize?: number; onBatch?: (rows: number) => void } = {},
): TipExport {
  if (actor.role !== 'ADMIN') throw AppError.forbidden();
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  async function* body() {
    // BOM: spreadsheet programs then read the file as UTF-8 (names, messages with accents).
    yield `\ufeff${COLUMNS.join(',')}\r\n`;
    let cursor: repo.ExportCursor | null = null;
    for (;;) {
      const rows = await repo.exportBatch(ctx.db, filter, cursor, batchSize);
      options.onBatch?.(rows.length);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) chunk += `${csvLine(row)}\r\n`;
      yield chunk;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = { created: last.createdCursor, id: last.id };
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${ctx.config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-tips-${date}.csv`,
    body: body(),
  };
}
