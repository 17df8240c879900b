import { canAdvanceTransaction, ErrorCode } from '@podpot/domain';
import type { AfterCommit, AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { KeyedCoalescer, TokenBucket } from '../lib/throttle.js';
import { type SignedNotification, verifyNotification } from './notify-signature.js';
import {
  type CreateTransactionInput,
  isIdempotencyKeyUsed,
  OppError,
  type OppNotificationBody,
  type OppTransaction,
} from './opp-client.js';
import * as repo from './payments.repository.js';

export type {
  AfterCommit,
  NotificationObjectHandler,
  PaymentLedger,
  TransactionOwnerHandler,
} from '../context.js';
export type { OppNotificationBody } from './opp-types.js';
export type { OppTransactionRow } from './payments.repository.js';

/**
 * Provider transactions, the money-safety rules in one place (DESIGN.md §4):
 * our row is written and committed before the provider is called; the Idempotency-Key comes from
 * our ids; statuses only move forward (domain `canAdvanceTransaction`); each application of a
 * provider answer is one DB transaction that also runs the owner's consequences.
 */

/** Where the provider sends notifications about our transactions. */
export function notifyUrlOf(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/api/v1/payments/opp/notify`;
}

export interface StartPaymentInput {
  kind: string;
  ownerId: string;
  attempt: number;
  idempotencyKey: string;
  request: CreateTransactionInput;
}

/**
 * The one answer when the provider call failed: 502 PAYMENT_PROVIDER — or 409 when the provider
 * says the same Idempotency-Key is still being worked on (a crashed or parallel request): the
 * client's retry a moment later gets the object.
 */
export function providerUnavailable(err?: unknown): AppError {
  if (err instanceof OppError && err.status === 409) {
    return new AppError(ErrorCode.Conflict, 'This payment is being set up right now; try again in a moment');
  }
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; please try again');
}

/**
 * Starts a provider transaction for an owner. Retrying with the same idempotency key (after a
 * provider failure) reuses our row and the key, so the provider answers the same transaction.
 */
export async function startPayment(ctx: AppContext, input: StartPaymentInput): Promise<repo.OppTransactionRow> {
  const existing = await repo.findLatestForOwner(ctx.db, input.kind, input.ownerId);
  let row: repo.OppTransactionRow;
  if (existing && existing.idempotencyKey === input.idempotencyKey) {
    row = existing;
  } else {
    try {
      row = await repo.insertTransactionRow(ctx.db, {
        kind: input.kind,
        ownerId: input.ownerId,
        attempt: input.attempt,
        idempotencyKey: input.idempotencyKey,
        amount: input.request.total_price,
        merchantUid: input.request.merchant_uid,
        request: input.request as unknown as Record<string, unknown>,
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(ErrorCode.Conflict, 'Another payment attempt was started at the same time; reload');
      }
      throw err;
    }
  }
  if (row.oppUid) return row;
  return sendCreate(ctx, row);
}

/** How long one process may take to send a create before another may try (a dead process's hold runs out). */
export const CREATE_LEASE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the create of a row the provider has not answered yet — from ONE process at a time: the row
 * is leased first (issue: two app servers both sent the same create and the provider made a second
 * transaction nobody saw). A request that finds the row leased waits briefly for the other's answer.
 */
export async function sendCreate(ctx: AppContext, row: repo.OppTransactionRow): Promise<repo.OppTransactionRow> {
  const lease = await repo.leaseForCreate(ctx.db, row.id, CREATE_LEASE_MS);
  if (!lease) {
    for (let waited = 0; waited < 5000; waited += 100) {
      const current = await repo.findTransactionRow(ctx.db, row.id);
      if (current?.oppUid) return current;
      await sleep(100);
    }
    throw new AppError(ErrorCode.Conflict, 'This payment is being started right now; try again in a moment');
  }
  return sendLeasedCreate(ctx, row, lease);
}

/**
 * sendCreate for a row whose create lease is held already: taken in the statement that wrote it
 * (payments.repository insertOwnerWithLeasedTransaction, a 'first' lease) or just now.
 */
export async function sendLeasedCreate(
  ctx: AppContext,
  row: repo.OppTransactionRow,
  lease: 'first' | 'again' = 'first',
): Promise<repo.OppTransactionRow> {
  try {
    return await sendLeased(ctx, row, lease);
  } catch (err) {
    // Our row stays (without a provider uid): a retry or the reconcile job re-sends it with the same key.
    ctx.log.error({ err, transactionRowId: row.id }, 'creating the provider transaction failed');
    throw providerUnavailable(err);
  }
}

/**
 * The reconcile job's repair of a create whose answer we never recorded: the transaction is looked up
 * by our reference and adopted, or (not there) sent under its original key — unless another process
 * is sending it right now.
 */
export async function resendCreate(ctx: AppContext, row: repo.OppTransactionRow): Promise<boolean> {
  const lease = await repo.leaseForCreate(ctx.db, row.id, CREATE_LEASE_MS);
  if (!lease) return false;
  await sendLeased(ctx, row, lease);
  return true;
}

/**
 * Adopt before you create (DESIGN.md §4.8): a row whose create was sent before may already have its
 * transaction at the provider (the answer was lost, or the process died), and a provider that ignores
 * the Idempotency-Key would make a second one — so it is looked up by our reference first. A create
 * refused because its key was used is looked up as well (the provider has it). The answer is applied
 * through the one apply path; on any failure the lease is given back, marked as sent.
 */
async function sendLeased(
  ctx: AppContext,
  row: repo.OppTransactionRow,
  lease: 'first' | 'again',
): Promise<repo.OppTransactionRow> {
  const request = row.request as unknown as CreateTransactionInput;
  try {
    let answer = lease === 'again' ? await findSentTransaction(ctx, row) : undefined;
    if (!answer) {
      try {
        answer = await ctx.opp.createTransaction(request, row.idempotencyKey);
      } catch (err) {
        answer = isIdempotencyKeyUsed(err) ? await findSentTransaction(ctx, row) : undefined;
        if (!answer) throw err;
      }
    }
    return await applyProviderTransaction(ctx, row.id, answer);
  } catch (err) {
    await repo.releaseCreateLease(ctx.db, row.id);
    throw err;
  }
}

/** The provider's transaction for our row, by the reference its create carried (none before references). */
function findSentTransaction(ctx: AppContext, row: repo.OppTransactionRow): Promise<OppTransaction | undefined> {
  const reference = (row.request as { reference?: unknown }).reference;
  if (typeof reference !== 'string' || !reference) return Promise.resolve(undefined);
  return findByReference(ctx, reference, { transactionRowId: row.id });
}

/**
 * The provider's transaction made for our `reference` (ours and unique), if there is one. Two found
 * means a provider made a second one for a re-sent create: the first is ours, the others are logged
 * for a person to refund.
 */
export async function findByReference(
  ctx: AppContext,
  reference: string,
  about: Record<string, string>,
): Promise<OppTransaction | undefined> {
  const [first, ...more] = await ctx.opp.findTransactionsByReference(reference);
  if (more.length > 0) {
    const extra = more.map((tx) => tx.uid);
    ctx.log.error({ ...about, reference, adopted: first!.uid, extra }, 'the provider holds one create twice');
  }
  if (first) ctx.log.info({ ...about, reference, oppUid: first.uid }, 'adopted a transaction sent before');
  return first;
}

/**
 * Applies what the provider says about a transaction, in ONE database transaction: records the uid
 * and redirect URL (first answer only), moves the status forward only, and lets the owner react.
 * A repeated or stale answer changes nothing.
 */
export function applyProviderTransaction(
  ctx: AppContext,
  rowId: string,
  answer: OppTransaction,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, rowId, { uid: answer.uid, status: answer.status, redirectUrl: answer.redirectUrl });
}

/**
 * Applies a status we learnt without the transaction itself — a mandate's first payment whose uid the
 * provider has not told us, judged by the mandate's status (recurring tips). The same forward-only
 * rule and owner reaction; once the transaction's uid is known, its own answers take over.
 */
export function applyStatusOfUnknownTransaction(
  ctx: AppContext,
  rowId: string,
  status: string,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, rowId, { uid: null, status, redirectUrl: null });
}

async function applyStatus(
  ctx: AppContext,
  rowId: string,
  seen: { uid: string | null; status: string; redirectUrl: string | null },
): Promise<repo.OppTransactionRow> {
  let afterCommit: AfterCommit | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    // The common case, a create's answer: one conditional UPDATE records it on a row nobody answered.
    const first = seen.uid
      ? await repo.recordFirstAnswer(tx, rowId, {
          oppUid: seen.uid,
          status: seen.status,
          redirectUrl: seen.redirectUrl,
        })
      : undefined;
    if (first) {
      afterCommit = await letOwnerReact(ctx, tx, first, null);
      return first;
    }
    let row = (await repo.lockTransactionRow(tx, rowId))!;
    if (row.oppUid && row.oppUid !== seen.uid) {
      // Without a uid the status is second-hand: the transaction we know answers for itself.
      if (seen.uid)
        ctx.log.error({ rowId, expected: row.oppUid, got: seen.uid }, 'provider answered another transaction');
      return row;
    }
    const previous = row.status;
    const advances = previous === null || canAdvanceTransaction(previous, seen.status);
    if (seen.uid && !row.oppUid) {
      // The first answer naming the transaction: its uid sticks, its status only if it is news.
      row = (await repo.recordProviderAnswer(tx, row.id, {
        oppUid: seen.uid,
        status: advances ? seen.status : previous,
        redirectUrl: row.redirectUrl ?? seen.redirectUrl,
      }))!;
      if (!advances) return row;
    } else if (advances) {
      row = await repo.updateTransactionStatus(tx, row.id, seen.status);
    } else {
      if (row.status !== seen.status) {
        ctx.log.info({ rowId, current: row.status, ignored: seen.status }, 'stale provider status ignored');
      }
      return row;
    }
    afterCommit = await letOwnerReact(ctx, tx, row, previous);
    return row;
  });
  if (afterCommit) {
    try {
      await afterCommit(ctx);
    } catch (err) {
      ctx.log.error({ err, transactionRowId: result.id }, 'after-commit effect of a payment failed');
    }
  }
  return result;
}

/** The owner of the row's kind reacts to its new status, in the same database transaction. */
async function letOwnerReact(
  ctx: AppContext,
  tx: Tx,
  row: repo.OppTransactionRow,
  previous: string | null,
): Promise<AfterCommit | undefined> {
  const owner = ctx.payments.owners[row.kind];
  if (!owner) ctx.log.error({ rowId: row.id, kind: row.kind }, 'no owner is wired for this kind of transaction');
  return (await owner?.(tx, row, { previous, current: row.status! }, ctx)) ?? undefined;
}

/* ---------- notifications: pokes ---------- */

export type NotificationResult = 'applied' | 'duplicate' | 'ignored';

/** What the uid prefix of an object says it is (payments.md §0), for pokes that do not name the type. */
const OBJECT_TYPE_OF_PREFIX: Readonly<Record<string, string>> = {
  tra: 'transaction',
  mer: 'merchant',
  bnk: 'bank_account',
  mdt: 'mandate',
  con: 'contact',
  ref: 'refund',
  wds: 'withdrawal',
  set: 'settlement',
  pro: 'profile',
};

/** A notification as received: its fields (JSON or form) and what its signature is checked on. */
export interface IncomingNotification extends SignedNotification {
  fields: NotificationFields;
}

export interface NotificationFields {
  uid?: string;
  type?: string;
  object_uid: string;
  object_type?: string;
  object_url?: string;
  parent_uid?: string | null;
  parent_type?: string | null;
  verification_hash?: string;
}

/** Per app: one re-read per object per window (pokes meanwhile share the next), and a budget for strangers. */
interface PokeGuards {
  reads: KeyedCoalescer<NotificationResult>;
  /** Reads of transactions we hold no row for (only while an adoption is awaited): a few per second. */
  unknownReads: TokenBucket;
}
const guards = new WeakMap<AppContext, PokeGuards>();

function guardsOf(ctx: AppContext): PokeGuards {
  let found = guards.get(ctx);
  if (!found) {
    found = {
      reads: new KeyedCoalescer(ctx.config.OPP_NOTIFY_REREAD_MS),
      unknownReads: new TokenBucket(5, 20),
    };
    guards.set(ctx, found);
  }
  return found;
}

/**
 * The poke as we act on it: the object's type (named, or inferred from its uid prefix), and an
 * `object_url`, if one is given, checked to lie under the configured provider API (it is never
 * fetched — the object is re-read by uid — but one pointing elsewhere marks the poke as not OPP's).
 */
function normalise(ctx: AppContext, fields: NotificationFields): OppNotificationBody {
  if (fields.object_url !== undefined && !ctx.opp.urlUnderBase(fields.object_url)) {
    ctx.log.warn(
      { objectUrl: fields.object_url, objectUid: fields.object_uid },
      'notification names a URL off the provider',
    );
    throw AppError.field(
      ErrorCode.BadRequest,
      'object_url',
      { key: 'url' },
      'object_url is not on the payment provider',
    );
  }
  const prefix = fields.object_uid.split('_')[0] ?? '';
  return {
    ...fields,
    object_type: fields.object_type ?? OBJECT_TYPE_OF_PREFIX[prefix] ?? '',
  };
}

/**
 * A provider notification is a poke (payments.md §12): whatever it says, we re-read the object it
 * names by uid from the configured API with our key, and act only on that answer. The signature is
 * checked by the configured scheme; a mismatch is logged and the poke is still only a re-read, so a
 * forgery can cause an authenticated read and nothing else. Re-reads of one object are coalesced
 * (at most one per OPP_NOTIFY_REREAD_MS; pokes meanwhile share the next one), so a flood of pokes
 * cannot make us hammer the provider. A verified notification seen before is skipped.
 */
export async function handleNotification(ctx: AppContext, incoming: IncomingNotification): Promise<NotificationResult> {
  const verdict = verifyNotification(ctx.config.OPP_NOTIFY_SCHEME, ctx.config.OPP_NOTIFY_SECRET, incoming);
  const body = normalise(ctx, incoming.fields);
  if (verdict === 'mismatch') {
    ctx.log.warn(
      { scheme: ctx.config.OPP_NOTIFY_SCHEME, uid: body.uid, objectUid: body.object_uid },
      'notification signature does not match: only re-reading the object',
    );
  }
  // Only a verified uid may mark a notification as seen: a forger must not pre-empt a real one.
  const seen = verdict === 'verified' && body.uid ? body.uid : undefined;
  if (seen && (await repo.isNotificationProcessed(ctx.db, seen))) return 'duplicate';
  const result = await reread(ctx, body);
  if (seen && result === 'applied') {
    await repo.insertNotification(ctx.db, {
      uid: seen,
      type: body.type ?? `${body.object_type}.poke`,
      objectType: body.object_type,
      objectUid: body.object_uid,
    });
  }
  return result;
}

/** Re-reads the notified object (coalesced per object) and applies what the provider says. */
function reread(ctx: AppContext, body: OppNotificationBody): Promise<NotificationResult> {
  const { reads } = guardsOf(ctx);
  if (body.object_type === 'transaction') {
    return reads.run(`transaction:${body.object_uid}`, () => rereadTransaction(ctx, body.object_uid));
  }
  const handler = ctx.payments.notifications[body.object_type];
  if (!handler) {
    ctx.log.info({ type: body.type, objectType: body.object_type }, 'provider notification not handled');
    return Promise.resolve('ignored');
  }
  // The handler re-reads the object from the provider and applies it idempotently; a failure answers
  // non-2xx, so the provider sends the notification again.
  const key = `${body.object_type}:${body.object_uid}:${body.parent_uid ?? ''}`;
  return reads.run(key, async () => {
    await handler(ctx, body);
    return 'applied';
  });
}

async function rereadTransaction(ctx: AppContext, uid: string): Promise<NotificationResult> {
  const row = await repo.findTransactionRowByUid(ctx.db, uid);
  if (row) {
    await applyProviderTransaction(ctx, row.id, await readNotifiedTransaction(ctx, uid));
    return 'applied';
  }
  // Not ours (yet). Either a create whose answer we have not recorded (the reconcile job re-sends it)
  // or a transaction a module adopts, e.g. a mandate's first payment: read only while one is awaited.
  const adopters = await awaitingAdopters(ctx);
  if (adopters.length === 0) {
    ctx.log.warn({ objectUid: uid }, 'notification for an unknown transaction');
    return 'ignored';
  }
  if (!guardsOf(ctx).unknownReads.take()) {
    throw new AppError(ErrorCode.RateLimited, 'Too many notifications about unknown objects; send again later');
  }
  let answer: OppTransaction;
  try {
    answer = await readNotifiedTransaction(ctx, uid);
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.BadRequest) return 'ignored';
    throw err;
  }
  for (const adopter of adopters) {
    const adopted = await adopter.adopt(ctx, answer);
    if (adopted) {
      await applyProviderTransaction(ctx, adopted.id, answer);
      return 'applied';
    }
  }
  ctx.log.warn({ objectUid: uid }, 'notification for a transaction nobody adopts');
  return 'ignored';
}

async function awaitingAdopters(ctx: AppContext) {
  const awaiting = await Promise.all(ctx.payments.adopters.map((adopter) => adopter.awaits(ctx.db)));
  return ctx.payments.adopters.filter((_, i) => awaiting[i]);
}

/** The transaction as the provider answers it, read by uid with our key; a 404 is a 400 (not ours). */
async function readNotifiedTransaction(ctx: AppContext, uid: string): Promise<OppTransaction> {
  let answer: OppTransaction;
  try {
    answer = await ctx.opp.getTransaction(uid);
  } catch (err) {
    if (err instanceof OppError && (err.status === 404 || err.status === 410)) {
      throw AppError.field(ErrorCode.BadRequest, 'object_uid', { key: 'invalid' }, 'The provider knows no such object');
    }
    ctx.log.error({ err, objectUid: uid }, 'reading the notified transaction failed');
    throw providerUnavailable();
  }
  if (answer.uid !== uid) {
    ctx.log.error({ objectUid: uid, answered: answer.uid }, 'the provider answered another transaction');
    throw providerUnavailable();
  }
  return answer;
}

/* ---------- the platform's own merchant (receives add-on payments) ---------- */

/** The merchant that receives Podpot add-on payments (OPP_PLATFORM_MERCHANT_UID). */
export function platformMerchantUid(ctx: AppContext): Promise<string> {
  if (ctx.config.OPP_PLATFORM_MERCHANT_UID) return Promise.resolve(ctx.config.OPP_PLATFORM_MERCHANT_UID);
  ctx.log.error('OPP_PLATFORM_MERCHANT_UID is not set');
  return Promise.reject(providerUnavailable());
}
