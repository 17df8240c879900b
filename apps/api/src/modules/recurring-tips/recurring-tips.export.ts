import type { Locale } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { t } from '../../i18n/translate.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { type CsvColumn, type CsvSeparatorName, csvFilename, csvHeaders, streamCsv } from '../../lib/csv.js';
import { type LevelRow, listLevels } from '../levels/levels.queries.js';
import { levelRefOf } from '../levels/levels.service.js';
import * as repo from './recurring-tips.repository.js';

/** Monthly tips per keyset batch of a maker's export: memory stays flat however many there are. */
export const EXPORT_BATCH_SIZE = 2000;

const KEYS = [
  'created',
  'status',
  'amount',
  'level',
  'mandate',
  'paymentMethod',
  'nextChargeAt',
  'cancelledAt',
  'displayName',
  'message',
  'id',
  'interval',
] as const;

/**
 * A maker's columns (decision 084): what the backoffice shows of a monthly tip, never the tipper's
 * e-mail, and no name where the tipper chose to stay anonymous.
 */
function columns(
  separator: CsvSeparatorName,
  locale: Locale,
  levels: readonly LevelRow[],
): CsvColumn<repo.ExportRow>[] {
  const h = csvHeaders(KEYS, separator, (key) => t(locale, `csv.monthlyTips.${key}`));
  return [
    { header: h.created, time: (r) => r.created },
    { header: h.status, plain: (r) => r.status },
    { header: h.amount, cents: (r) => r.amount },
    // Its level now (issue 40): derived from the amount it pays from now on, never stored.
    { header: h.level, text: (r) => levelRefOf(levels, r)?.name ?? null },
    { header: h.mandate, plain: (r) => r.mandateStatus },
    { header: h.paymentMethod, text: (r) => r.paymentMethod },
    { header: h.nextChargeAt, time: (r) => (r.status === 'cancelled' ? null : r.nextChargeAt) },
    { header: h.cancelledAt, time: (r) => r.cancelledAt },
    { header: h.displayName, text: (r) => (r.privacy === 'ANONYMOUS' ? null : r.displayName) },
    { header: h.message, text: (r) => r.message },
    { header: h.id, plain: (r) => r.id },
    // 'month' or 'year' (decision 092): the amount is per that period.
    { header: h.interval, plain: (r) => r.interval },
  ];
}

/**
 * GET tipjars/{id}/recurringtips/export (the tip jar's admins and platform admins): its monthly
 * supporters as CSV, oldest first, streamed. The access check runs before the first byte.
 */
export async function exportTipjarRecurringTips(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  options: { separator: CsvSeparatorName; locale: Locale; batchSize?: number },
): Promise<{ filename: string; body: AsyncGenerator<string> }> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const levels = await listLevels(ctx.db, tipjar.id);
  const batches = repo.exportBatches(ctx.db, tipjar.id, options.batchSize ?? EXPORT_BATCH_SIZE);
  return {
    filename: csvFilename(tipjar.slug, 'monthly-tips'),
    body: streamCsv(columns(options.separator, options.locale, levels), batches, options.separator),
  };
}
