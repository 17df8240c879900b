import type { Locale } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { t } from '../../i18n/translate.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import {
  type CsvColumn,
  type CsvSeparatorName,
  createCsvWriter,
  csvFilename,
  csvHeaders,
  streamCsv,
} from '../../lib/csv.js';
import { CsvBytes, isoTimestamp } from '../../lib/csv-bytes.js';
import type { BinaryFields } from '../../lib/pg-copy.js';
import * as repo from './tips.repository.js';

/** Rows per query of the export on PGlite: memory stays flat whether 10 or 10 million tips match. */
export const EXPORT_BATCH_SIZE = 2000;

type Line = repo.ExportLine;

/** The file's columns, in order; amounts in euros with 2 decimals; uuids, timestamps and our enums plain. */
export const EXPORT_COLUMNS: readonly CsvColumn<Line>[] = [
  { header: 'id', plain: (r) => r.id },
  { header: 'created', plain: (r) => r.created },
  { header: 'updated', plain: (r) => r.updated },
  { header: 'tipjarId', plain: (r) => r.tipjarId },
  { header: 'tipjarSlug', text: (r) => r.tipjarSlug },
  { header: 'tipjarName', text: (r) => r.tipjarName },
  { header: 'status', plain: (r) => r.status },
  { header: 'amount', cents: (r) => r.amount },
  { header: 'fee', cents: (r) => r.fee },
  { header: 'net', cents: (r) => r.amount - r.fee },
  { header: 'paymentMethod', text: (r) => r.paymentMethod },
  { header: 'privacy', plain: (r) => r.privacy },
  { header: 'displayName', text: (r) => (r.privacy === ANONYMOUS ? null : r.displayName) },
  { header: 'email', text: (r) => r.email },
  { header: 'message', text: (r) => r.message },
  { header: 'locale', plain: (r) => r.locale },
  // The episode tipped for (decision 034): "42: Title", the title alone when unnumbered, empty for none.
  { header: 'episode', text: (r) => episodeCell(r.episodeTitle, r.episodeNumber) },
];

const ANONYMOUS: Line['privacy'] = 'ANONYMOUS';

function episodeCell(title: string | null, number: number | null): string | null {
  return title === null ? null : number === null ? title : `${number}: ${title}`;
}

/**
 * One line of EXPORT_COLUMNS written as bytes from a row of the COPY (repo.copyExport, in the order
 * it selects the fields): the same bytes createCsvWriter writes from a Line (decision 044; held
 * together by tips-export-copy.api.test.ts), without a string per cell.
 */
function writeExportLine(f: BinaryFields, out: CsvBytes): void {
  out.uuid(f); // id
  out.separator();
  out.timestamp(f); // created
  out.separator();
  out.timestamp(f); // updated
  out.separator();
  out.uuid(f); // tipjarId
  out.separator();
  out.text(f); // tipjarSlug
  out.separator();
  out.text(f); // tipjarName
  out.separator();
  out.plain(f); // status
  out.separator();
  const amount = f.int();
  const fee = f.int();
  out.cents(amount);
  out.separator();
  out.cents(fee);
  out.separator();
  out.cents(amount - fee); // net
  out.separator();
  out.text(f); // paymentMethod
  out.separator();
  const privacy = f.text();
  out.string(privacy);
  out.separator();
  if (privacy === ANONYMOUS) f.skip();
  else out.text(f); // displayName
  out.separator();
  out.text(f); // email
  out.separator();
  out.text(f); // message
  out.separator();
  out.plain(f); // locale
  out.separator();
  const title = f.text();
  out.string(episodeCell(title, f.nullableInt()));
  out.lineEnd();
}

/** A row read by the driver (PGlite) as the COPY's decoder gives it. */
function toLine({
  createdCursor: _,
  refundedAmount: _r,
  recurringTipId: _m,
  created,
  updated,
  ...rest
}: repo.ExportRow): Line {
  return { ...rest, created: isoTimestamp(created.getTime()), updated: isoTimestamp(updated.getTime()) };
}

export interface TipExport {
  filename: string;
  /** The file in chunks (text or bytes); pulled by the HTTP response, so a slow client slows the reading. */
  body: AsyncGenerator<string | Buffer>;
}

/**
 * GET tips/export (platform admins): every matching tip as CSV, streamed, never collected in memory.
 * On PostgreSQL the rows come from one COPY of the whole file in the binary format, written as CSV
 * bytes as they come (repo.copyExport and writeExportLine, decisions 040 and 044); on PGlite, or with `writer: 'node'` (named for the earlier
 * split, when the database wrote the lines), they are read in batches of EXPORT_BATCH_SIZE
 * (keyset-paged: repo.exportBatches). Either way this writes the lines. `onBatch` lets tests count the
 * keyset reads.
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
  const csv = createCsvWriter(EXPORT_COLUMNS, { separator: options.separator });
  async function* body() {
    yield csv.header();
    const bytes = new CsvBytes(options.separator);
    const sink = { row: (f: BinaryFields) => writeExportLine(f, bytes), take: () => bytes.take() };
    const copied = options.writer === 'node' ? undefined : repo.copyExport(ctx.db, filter, sink);
    if (copied) {
      yield* copied;
      return;
    }
    for await (const batch of repo.exportBatches(ctx.db, filter, batchSize)) {
      options.onBatch?.(batch.length);
      if (batch.length > 0) yield csv.rows(batch.map(toLine));
    }
  }
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `${ctx.config.BRAND_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-tips-${date}.csv`,
    body: body(),
  };
}

/** The columns of a maker's export, in order (decision 084). */
const TIPJAR_EXPORT_KEYS = [
  'created',
  'status',
  'amount',
  'fee',
  'net',
  'refunded',
  'paymentMethod',
  'displayName',
  'message',
  'episode',
  'monthly',
  'id',
] as const;

/**
 * A maker's columns: what the backoffice shows of a tip, never the tipper's e-mail, and no name
 * where the tipper chose to stay anonymous. Headers are keys in a file for a program, words in the
 * reader's language in one for a spreadsheet.
 */
function tipjarExportColumns(separator: CsvSeparatorName, locale: Locale): CsvColumn<repo.ExportRow>[] {
  const h = csvHeaders(TIPJAR_EXPORT_KEYS, separator, (key) => t(locale, `csv.tips.${key}`));
  return [
    { header: h.created, time: (r) => r.created },
    { header: h.status, plain: (r) => r.status },
    { header: h.amount, cents: (r) => r.amount },
    { header: h.fee, cents: (r) => r.fee },
    { header: h.net, cents: (r) => r.amount - r.fee },
    { header: h.refunded, cents: (r) => r.refundedAmount },
    { header: h.paymentMethod, text: (r) => r.paymentMethod },
    { header: h.displayName, text: (r) => (r.privacy === ANONYMOUS ? null : r.displayName) },
    { header: h.message, text: (r) => r.message },
    { header: h.episode, text: (r) => episodeCell(r.episodeTitle, r.episodeNumber) },
    { header: h.monthly, plain: (r) => r.recurringTipId ?? '' },
    { header: h.id, plain: (r) => r.id },
  ];
}

/**
 * GET tipjars/{id}/tips/export (the tip jar's admins and platform admins): its tips as CSV, oldest
 * first, streamed in keyset batches of EXPORT_BATCH_SIZE (one query per batch, memory flat however
 * many tips). The access check runs before the first byte: a stranger gets the 404 of any other read.
 */
export async function exportTipjarTips(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  options: { separator: CsvSeparatorName; locale: Locale; batchSize?: number },
): Promise<TipExport> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const batches = repo.exportBatches(ctx.db, { tipjarId: tipjar.id }, options.batchSize ?? EXPORT_BATCH_SIZE);
  return {
    filename: csvFilename(tipjar.slug, 'tips'),
    body: streamCsv(tipjarExportColumns(options.separator, options.locale), batches, options.separator),
  };
}
