import type { Settlement } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { merchantsOfTipjars } from '../merchants/merchants.queries.js';
import { queueWebhookEvent, tipjarsListeningTo } from '../webhooks/webhooks.events.js';
import * as repo from './settlements.repository.js';
import { readSettlements, toSettlement } from './settlements.service.js';

/*
 * The `payout.paid` webhook event (decision 098). Payouts (settlements) are the provider's and are read
 * when asked, so Podpot has no moment a payout became paid: this job (hourly) looks. For each tip jar
 * with an enabled endpoint that chose `payout.paid`, it reads the payouts as the maker's payouts page
 * does and records each PAID one it has not seen, queueing the event in the same transaction. The
 * record's unique key (tip jar, payout) decides: a re-run, or another process running the job at the
 * same moment, inserts nothing and so queues nothing.
 */

export const PAYOUT_EVENT = 'payout.paid';

/**
 * A payout already paid this long before the tip jar's first `payout.paid` endpoint was made is
 * recorded without an event when first seen: a new endpoint is not flooded with the tip jar's history.
 */
export const PAYOUT_HISTORY_QUIET_MS = 7 * 24 * 60 * 60_000;

export interface PayoutAnnouncements {
  /** Tip jars whose payouts were read. */
  tipjars: number;
  /** Payouts announced (an event queued). */
  announced: number;
  /** Payouts recorded without an event (paid long before the endpoint existed). */
  recordedQuietly: number;
  /** Tip jars whose payouts could not be read or recorded (logged; tried again next run). */
  failed: number;
}

/** What a `payout.paid` delivery tells: what the maker's own payouts page shows of the payout. */
export function payoutObject(payout: Settlement) {
  return {
    object: 'payout',
    id: payout.id,
    periodStart: payout.periodStart,
    periodEnd: payout.periodEnd,
    gross: payout.gross,
    fees: payout.fees,
    costs: payout.costs,
    net: payout.net,
    currency: 'EUR',
    paidAt: payout.paidAt,
    tipCount: payout.tipCount,
  };
}

/** Paid long before `since`: by the provider's payout date, or, when it names none, the period's end. */
function isHistory(payout: Settlement, since: Date): boolean {
  const at = payout.paidAt ?? payout.periodEnd;
  return at !== null && new Date(at).getTime() < since.getTime() - PAYOUT_HISTORY_QUIET_MS;
}

/**
 * One run: every listening tip jar's PAID payouts not recorded yet are recorded, each in its own
 * transaction with its event (or quietly, when history). A provider that cannot be reached for one tip
 * jar is logged and the next tip jar is read; the run itself does not fail for it.
 */
export async function announcePaidPayouts(ctx: AppContext, options: { now?: Date } = {}): Promise<PayoutAnnouncements> {
  const run: PayoutAnnouncements = { tipjars: 0, announced: 0, recordedQuietly: 0, failed: 0 };
  const listening = await tipjarsListeningTo(ctx.db, PAYOUT_EVENT);
  if (listening.length === 0) return run;
  const merchants = await merchantsOfTipjars(
    ctx.db,
    listening.map((l) => l.tipjarId),
  );
  for (const { tipjarId, since } of listening) {
    const merchant = merchants.get(tipjarId);
    if (!merchant) continue; // no merchant: nothing is ever paid out
    run.tipjars += 1;
    try {
      const read = await readSettlements(ctx, merchant.merchantUid);
      const recorded = await repo.recordedPayoutIds(ctx.db, tipjarId);
      for (const settlement of read.items) {
        const payout = toSettlement(tipjarId, settlement);
        if (payout.status !== 'PAID' || recorded.has(payout.id)) continue;
        const outcome = await recordPayout(ctx, payout, isHistory(payout, since), options.now ?? new Date());
        if (outcome === 'announced') run.announced += 1;
        else if (outcome === 'quiet') run.recordedQuietly += 1;
      }
    } catch (err) {
      run.failed += 1;
      ctx.log.warn({ err, tipjarId }, 'payout.paid: payouts of a tip jar could not be read or recorded');
    }
  }
  return run;
}

/** Records one paid payout and, unless `quiet`, queues its event, in one transaction; nothing when recorded before. */
async function recordPayout(
  ctx: AppContext,
  payout: Settlement,
  quiet: boolean,
  at: Date,
): Promise<'announced' | 'quiet' | 'known'> {
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertRecordedPayout(tx, {
      tipjarId: payout.tipjarId,
      payoutId: payout.id,
      paidAt: payout.paidAt ? new Date(payout.paidAt) : null,
      amountCents: payout.net,
    });
    if (!id) return 'known';
    if (quiet) return 'quiet';
    const eventId = await queueWebhookEvent(tx, {
      tipjarId: payout.tipjarId,
      type: PAYOUT_EVENT,
      cause: payout.id,
      data: payoutObject(payout),
      at,
    });
    if (!eventId) return 'quiet'; // the endpoint was switched off since the run began
    await repo.setPayoutEvent(tx, id, eventId);
    return 'announced';
  });
}
