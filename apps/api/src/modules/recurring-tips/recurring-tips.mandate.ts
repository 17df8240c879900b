import { canAdvanceTransaction, isOpenTransaction, mandateState, type OppMandateState } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { recordUnknownMandateStatus } from '../../payments/incidents.js';
import type { PaymentLedger, TransactionAdopter } from '../../payments/ledger.js';
import {
  OppLookupIncomplete,
  type OppMandate,
  type OppNotificationBody,
  type OppTransaction,
} from '../../payments/opp-client.js';
import { applyProviderTransaction, applyStatusOfUnknownTransaction } from '../../payments/payments.apply.js';
import {
  findAttemptRow,
  findLatestForOwner,
  findTransactionRow,
  hasRowWithoutUid,
  type OppTransactionRow,
} from '../../payments/payments.repository.js';
import { providerUnavailable } from '../../payments/payments.service.js';
import { attemptBegan, attemptMetadata } from './recurring-tips.lookups.js';
import { CHARGE_KIND, isMandatePayment, moveTip } from './recurring-tips.outcomes.js';
import * as repo from './recurring-tips.repository.js';

/**
 * The provider's mandate behind a monthly tip (issue 11.2). No public source shows the mandate's
 * answer naming its first payment (`transaction_uid`), so a set-up never depends on it: the mandate
 * is stored first (uid, token, redirect) with the attempt's row still without a provider uid, and the
 * first payment is learnt from
 *  1. a `transaction_uid`, when the provider does send one (in the answer or a later read);
 *  2. the transaction's own notification: read by uid with our key, it is adopted when it carries our
 *     metadata (charge and attempt) or names the mandate;
 *  3. failing both, the mandate's status word, as `mandateState` (@podpot/domain) reads it: a usable
 *     mandate's first payment was made, a dead one's was not, nor was that of one still waiting a day
 *     later (long after its checkout expired) — but before the month is judged so, the payment is
 *     looked for among the provider's transactions by our metadata (decision 071), and when found it
 *     speaks for itself; a word we do not know holds the monthly tip for a person.
 * The month and "mandate valid" follow the first payment when we know it, otherwise the mandate.
 * Everything that reads a monthly tip's payment state back from the provider is here: the mandate's
 * notification, the reconcile job's and a request's refresh of an attempt (refreshAttempt), the
 * first payment's lookup and adoption.
 */

/** A first payment we never see resolve is given up after this long (its checkout expired long before). */
const FIRST_PAYMENT_GIVE_UP_MS = 24 * 60 * 60_000;
/** Pokes about unknown transactions are read (to adopt a first payment) only while one is this young. */
const ADOPTION_WINDOW_MS = 7 * 24 * 60 * 60_000;

/* ---------- which attempt a mandate or a transaction belongs to ---------- */

/** Our row of a month's mandate attempt: `attempt`, or the month's latest when none is named; undefined for a debit. */
async function mandateAttemptRow(db: DbOrTx, chargeId: string, attempt?: number) {
  const row =
    attempt === undefined
      ? await findLatestForOwner(db, CHARGE_KIND, chargeId)
      : await findAttemptRow(db, CHARGE_KIND, chargeId, attempt);
  return row && isMandatePayment(row) ? row : undefined;
}

/** Our row of the attempt named by metadata we sent (`charge_id`, `attempt`), if it is a mandate payment. */
async function attemptOfMetadata(db: DbOrTx, metadata: Record<string, string>) {
  const chargeId = metadata.charge_id;
  if (!chargeId || !/^[0-9a-f-]{36}$/i.test(chargeId)) return undefined;
  const attempt = Number(metadata.attempt);
  return mandateAttemptRow(db, chargeId, Number.isInteger(attempt) ? attempt : undefined);
}

/** The current mandate attempt of the recurring tip charged through `mandateUid`. */
async function attemptOfMandateUid(db: DbOrTx, mandateUid: string) {
  const recurringTip = await repo.findByMandate(db, mandateUid);
  const month = recurringTip && (await repo.findLatestCharge(db, recurringTip.id));
  if (month?.via !== 'mandate') return undefined;
  return mandateAttemptRow(db, month.id, month.attempt);
}

/** Our row of the attempt a mandate was made for. */
async function attemptOfMandate(db: DbOrTx, mandate: OppMandate) {
  const row = (await attemptOfMetadata(db, mandate.metadata)) ?? (await attemptOfMandateUid(db, mandate.uid));
  if (row && mandate.merchantUid && row.merchantUid !== mandate.merchantUid) return undefined;
  return row;
}

/* ---------- what a mandate read means ---------- */

/** What a mandate in `state` says of its first payment, while we do not know that payment itself. */
function firstPaymentStatusOf(state: Exclude<OppMandateState, 'unknown'>, row: OppTransactionRow): string | null {
  if (state === 'usable') return 'completed';
  if (state === 'dead') return 'failed';
  if (Date.now() - row.created.getTime() > FIRST_PAYMENT_GIVE_UP_MS) return 'expired';
  return null;
}

/**
 * Applies a mandate as the provider answered it: its first payment to the month (read by uid when we
 * know it, else judged by the mandate's status), and its end (revoked, or any word of a dead mandate)
 * to the recurring tip. `attempt`: our row of the attempt the mandate was made for, when the caller
 * has it already (attemptOfMandate).
 */
export async function applyMandate(
  ctx: AppContext,
  ledger: PaymentLedger,
  mandate: OppMandate,
  attempt?: OppTransactionRow,
): Promise<void> {
  const row = attempt ?? (await attemptOfMandate(ctx.db, mandate));
  if (row) await applyFirstPayment(ctx, ledger, row, mandate);
  if (mandateState(mandate.status) === 'dead') await revokeMandate(ctx, mandate.uid);
}

async function applyFirstPayment(ctx: AppContext, ledger: PaymentLedger, row: OppTransactionRow, mandate: OppMandate) {
  const firstUid = row.oppUid ?? mandate.transactionUid;
  if (firstUid) {
    // The first payment speaks for the month; the mandate only told us where to look.
    await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(firstUid));
    return;
  }
  const state = mandateState(mandate.status);
  if (state === 'unknown') {
    await holdForAPerson(ctx, row, mandate);
    return;
  }
  const status = firstPaymentStatusOf(state, row);
  if (status) await judgeFirstPayment(ctx, ledger, row, status);
}

/**
 * A first payment whose uid we never learnt, about to be judged `status` by its mandate (or by the
 * time gone by): the payment itself is looked for first, among the provider's transactions by the
 * attempt's metadata (decision 071), and when found it speaks for the month — a paid one is never
 * given up because its notifications were lost. A lookup that fails leaves the judgement to the next
 * read (the reconcile job's); one that cannot read back far enough lets the mandate's word stand.
 */
async function judgeFirstPayment(ctx: AppContext, ledger: PaymentLedger, row: OppTransactionRow, status: string) {
  // A judgement that would change nothing costs no lookup.
  if (!canAdvanceTransaction(row.status, status)) return;
  const charge = await repo.findCharge(ctx.db, row.ownerId);
  let found: OppTransaction | undefined;
  try {
    found = charge && (await findFirstPayment(ctx, row, charge));
  } catch (err) {
    if (!(err instanceof OppLookupIncomplete)) {
      ctx.log.warn({ err, transactionRowId: row.id }, 'could not look for a first payment; the next read judges it');
      return;
    }
    ctx.log.error(
      { err, transactionRowId: row.id, status },
      'a first payment was not found in time: judged by its mandate',
    );
  }
  // Found, it is read by its uid as a known first payment is: its status now, not the list's.
  if (found) await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(found.uid));
  else await applyStatusOfUnknownTransaction(ctx, ledger, row.id, status);
}

/**
 * The first payment of a mandate attempt whose uid we never learnt, found among the provider's
 * transactions by the attempt's metadata (the provider passes the mandate's metadata on to it, as
 * far as is known) and the merchant it pays. Undefined when the provider holds none.
 */
async function findFirstPayment(
  ctx: AppContext,
  row: OppTransactionRow,
  charge: repo.ChargeRow,
): Promise<OppTransaction | undefined> {
  const reference = (row.request as { reference?: unknown }).reference;
  const found = await ctx.opp.findTransactions({
    reference: typeof reference === 'string' ? reference : undefined,
    metadata: attemptMetadata(charge.id, row.attempt),
    sentAfter: await attemptBegan(ctx.db, charge, row.attempt),
  });
  return found.find((tx) => !tx.merchantUid || tx.merchantUid === row.merchantUid);
}

/**
 * A status word we do not know, on the mandate of a first payment we cannot read: it may mean paid
 * or not. Completing the month could count money that never came; giving it up would ask a tipper
 * who paid to pay again. So neither: the monthly tip is held — mandate `held`, not charged, never
 * expired — and listed for admins as an incident naming the word (once per attempt). The next read
 * that answers a word we know settles it as usual.
 */
async function holdForAPerson(ctx: AppContext, row: OppTransactionRow, mandate: OppMandate) {
  if (row.status !== null && !isOpenTransaction(row.status)) return;
  const incident = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockMonth(tx, row.ownerId);
    if (!locked || locked.charge.attempt !== row.attempt) return undefined;
    const { recurringTip } = locked;
    if (recurringTip.mandateStatus !== 'pending' && recurringTip.mandateStatus !== 'held') return undefined;
    if (recurringTip.mandateStatus === 'pending') {
      await repo.updateRecurringTip(tx, recurringTip.id, { mandateStatus: 'held' });
    }
    return recordUnknownMandateStatus(tx, {
      transactionId: row.id,
      ownerKind: CHARGE_KIND,
      ownerId: row.ownerId,
      amount: row.amount,
      providerStatus: mandate.status,
    });
  });
  if (incident) {
    ctx.log.error(
      { mandateUid: mandate.uid, status: mandate.status, incidentId: incident.id, chargeId: row.ownerId },
      'a mandate answered a status word we do not know: its monthly tip is held for a person',
    );
  }
}

/**
 * A revoked mandate (the payer's bank, or our own revoke on cancel) stops the charges: mandate status
 * `revoked`, retries waiting are cancelled. The tipper can set up a new one (mandate retry).
 */
async function revokeMandate(ctx: AppContext, mandateUid: string) {
  await ctx.db.transaction(async (tx) => {
    for (const recurringTip of await repo.lockByMandate(tx, mandateUid)) {
      if (recurringTip.mandateStatus === 'revoked' || recurringTip.mandateStatus === 'invalid') continue;
      await repo.updateRecurringTip(tx, recurringTip.id, { mandateStatus: 'revoked', lastFailureReason: 'revoked' });
      for (const charge of await repo.cancelScheduledCharges(tx, recurringTip.id)) {
        await moveTip(tx, charge.tipId, 'cancelled');
      }
    }
  });
}

async function readMandate(ctx: AppContext, mandateUid: string): Promise<OppMandate> {
  try {
    return await ctx.opp.getMandate(mandateUid);
  } catch (err) {
    ctx.log.error({ err, mandateUid }, 'reading the mandate failed');
    throw providerUnavailable(err);
  }
}

/**
 * mandate.status.changed (or any poke naming a mandate): a mandate we hold is read back from the
 * provider and applied; one we do not hold costs no read. Repeats change nothing.
 */
export async function onMandateNotification(
  ctx: AppContext,
  ledger: PaymentLedger,
  body: OppNotificationBody,
): Promise<void> {
  if (!(await repo.findByMandate(ctx.db, body.object_uid))) {
    ctx.log.warn({ mandateUid: body.object_uid }, 'notification for an unknown mandate');
    return;
  }
  await applyMandate(ctx, ledger, await readMandate(ctx, body.object_uid));
}

/**
 * Reads the attempt's transaction from the provider and applies it — or, for a mandate's first payment
 * whose uid we do not know yet, its mandate. A failure is left to reconcile.
 */
export async function refreshAttempt(
  ctx: AppContext,
  ledger: PaymentLedger,
  row: OppTransactionRow,
): Promise<OppTransactionRow> {
  try {
    if (row.oppUid)
      return await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(row.oppUid));
    if (isMandatePayment(row)) await refreshMandateAttempt(ctx, ledger, row);
    return (await findTransactionRow(ctx.db, row.id)) ?? row;
  } catch (err) {
    ctx.log.warn({ err, transactionRowId: row.id }, 'could not read the new transaction; reconcile will');
    return (await findTransactionRow(ctx.db, row.id)) ?? row;
  }
}

/**
 * Brings a mandate attempt whose first payment we cannot read by uid (yet) up to date: reads its
 * mandate (reconcile job, a mandate retry checking the open attempt).
 */
export async function refreshMandateAttempt(
  ctx: AppContext,
  ledger: PaymentLedger,
  row: OppTransactionRow,
): Promise<void> {
  const charge = await repo.findCharge(ctx.db, row.ownerId);
  const recurringTip = charge && (await repo.findRecurringTip(ctx.db, charge.recurringTipId));
  if (!recurringTip?.mandateUid) return;
  const mandate = await readMandate(ctx, recurringTip.mandateUid);
  const attempt = await attemptOfMandate(ctx.db, mandate);
  if (attempt?.id === row.id) {
    await applyMandate(ctx, ledger, mandate, attempt);
  } else if (Date.now() - row.created.getTime() > FIRST_PAYMENT_GIVE_UP_MS) {
    // A later attempt holds the recurring tip's mandate now; this one's checkout is long gone.
    await judgeFirstPayment(ctx, ledger, row, 'expired');
  }
}

/* ---------- adopting the first payment from its own notification ---------- */

/**
 * Our claim on a notified transaction we hold no row for: a mandate's first payment, adopted when the
 * provider's answer (read by uid with our key) carries our metadata or names a mandate we hold, and
 * its amount and merchant are the attempt's. app.ts wires it, for its app, in the payment ledger.
 */
export const firstPaymentAdopter = (ctx: AppContext): TransactionAdopter => ({
  awaits: () => hasRowWithoutUid(ctx.db, CHARGE_KIND, new Date(Date.now() - ADOPTION_WINDOW_MS)),
  async adopt(transaction: OppTransaction) {
    const row =
      (await attemptOfMetadata(ctx.db, transaction.metadata)) ??
      (transaction.mandateUid ? await attemptOfMandateUid(ctx.db, transaction.mandateUid) : undefined);
    if (!row || row.oppUid) return undefined;
    if (row.amount !== transaction.amount || (transaction.merchantUid && row.merchantUid !== transaction.merchantUid)) {
      ctx.log.warn(
        { transactionUid: transaction.uid, rowId: row.id },
        'a first payment that does not match its attempt',
      );
      return undefined;
    }
    return row;
  },
});
