import { PRE_NOTIFICATION_DAYS } from '@podpot/domain';
import type { AppContext } from '../../../context.js';
import { queueMail } from '../../../mail/outbox.js';
import { preNotificationMail } from '../../../mail/recurring-mails.js';
import type { PaymentLedger } from '../../../payments/ledger.js';
import * as tipjarsQueries from '../../tipjars/tipjars.queries.js';
import * as usersQueries from '../../users/users.queries.js';
import { manageLinkOf } from '../manage-token.js';
import { claimDueMonths } from './claim.js';
import { endLateTries } from './late.js';
import * as chargeRepo from './repository.js';
import { sendDueCharges } from './send.js';
import { BATCH, MAX_BATCHES } from './walk.js';

/**
 * The monthly charge run (docs/domain-rules.md §5, docs/money-rules.md; decisions 005 and 008), next
 * to the module it serves; this file is its one entry, each later step a file of this folder. Safe to
 * run at any time, twice, or on several instances at once:
 *  1. pre-notification mails for charges due within PRE_NOTIFICATION_DAYS (each period announced once,
 *     queued in the mail outbox in the transaction that claims the period); then the tries whose day
 *     passed more than the grace ago are ended, not made (late.ts, decision 066);
 *  2. CLAIM (claim.ts): due recurring tips are locked with SELECT … FOR UPDATE SKIP LOCKED; the month's
 *     charge row is inserted ON CONFLICT DO NOTHING (the unique key (recurring tip, period) is the
 *     real guarantee) and next_charge_at advances — then COMMIT;
 *  3. SEND (send.ts): scheduled charges (new months and dunning retries) are leased a batch per
 *     statement and only then sent to the provider, CHARGE_CONCURRENCY at once, each with
 *     Idempotency-Key charge-<id>-<period>-<attempt>; one debit per monthly tip per run, and a month
 *     the rules hold back (a suspended merchant, no mandate token) moved a day on without stopping
 *     the run (066).
 * A run that dies between 2 and 3 (or during 3) leaves scheduled rows that the next run sends: no
 * month is lost and none is charged twice.
 */

export interface ChargeRunResult {
  preNotified: number;
  /** New months (charge rows) created. */
  claimed: number;
  /** Tries sent to the provider (new months and retries). */
  sent: number;
  /** Tries that could not reach the provider (the next run sends them). */
  failed: number;
  /** Months the rules held back (HoldReason): not sent, due again a day later. */
  heldBack: number;
  /** Tries whose day passed more than the grace ago: not made (recordLateTry). */
  late: number;
}

/** Claim transactions at once: they are database work only, so a few keep the pool busy enough. */
const CLAIM_WORKERS = 4;
/** From this many new months on, the charge rows' planner statistics are refreshed before sending. */
const ANALYZE_AFTER_CLAIMED = 100;

export async function runCharges(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { now?: Date; concurrency?: number } = {},
): Promise<ChargeRunResult> {
  const now = options.now ?? new Date();
  const result: ChargeRunResult = { preNotified: 0, claimed: 0, sent: 0, failed: 0, heldBack: 0, late: 0 };
  result.preNotified = await sendPreNotifications(ctx, now);
  // Before the claim: a retry too late ends its dunning, and its monthly tip is not claimed on top of it.
  result.late = await endLateTries(ctx, now);
  const concurrency = Math.max(1, options.concurrency ?? ctx.config.CHARGE_CONCURRENCY);
  result.claimed = await claimDueMonths(ctx, now, Math.min(concurrency, CLAIM_WORKERS));
  // A month's claim writes most of the rows the sends then lease: with the planner's statistics from
  // before them, the lease statement (claimChargeWork) is planned for tables far smaller than they
  // are; fresh statistics keep it fast (bench:charge, decision 019; figures in docs/benchmarks-history.md).
  if (result.claimed >= ANALYZE_AFTER_CLAIMED) await chargeRepo.analyzeCharges(ctx.db);
  Object.assign(result, await sendDueCharges(ctx, ledger, now, concurrency));
  return result;
}

/**
 * Step 1: SEPA habit — tell the tipper a few days ahead what will be collected, and when. Claiming a
 * recurring tip's period and queueing its mail are one transaction: each period announced exactly once.
 */
async function sendPreNotifications(ctx: AppContext, now: Date): Promise<number> {
  const until = new Date(now.getTime() + PRE_NOTIFICATION_DAYS * 24 * 60 * 60 * 1000);
  let announced = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await chargeRepo.claimPreNotifications(tx, now, until, BATCH);
      for (const recurringTip of rows) {
        const user = await usersQueries.findUserById(tx, recurringTip.userId);
        const tipjar = await tipjarsQueries.findTipjar(tx, recurringTip.tipjarId);
        if (!user || !tipjar || !recurringTip.nextChargeAt) continue;
        const mail = preNotificationMail(recurringTip.locale, {
          brand: ctx.config.BRAND_NAME,
          tipjarName: tipjar.name,
          manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale, tx),
          amount: recurringTip.nextAmount ?? recurringTip.amount,
          chargeAt: recurringTip.nextChargeAt,
          interval: recurringTip.interval,
        });
        await queueMail(
          tx,
          { to: user.email, ...mail },
          { dedupeKey: `recurring-prenotice:${recurringTip.id}:${recurringTip.preNotifiedPeriod}` },
        );
      }
      return rows.length;
    });
    announced += claimed;
    if (claimed < BATCH) break;
  }
  if (announced) ctx.outbox.kick();
  return announced;
}
