import { createHmac, timingSafeEqual } from 'node:crypto';
import { canAdvanceTransaction, ErrorCode } from '@podpot/domain';
import type { AfterCommit, AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { type CreateTransactionInput, OppError, type OppNotificationBody, type OppTransaction } from './opp-client.js';
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
const CREATE_LEASE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the create of a row the provider has not answered yet — from ONE process at a time: the row
 * is leased first (issue: two app servers both sent the same create and the provider made a second
 * transaction nobody saw). A request that finds the row leased waits briefly for the other's answer.
 */
async function sendCreate(ctx: AppContext, row: repo.OppTransactionRow): Promise<repo.OppTransactionRow> {
  if (!(await repo.leaseForCreate(ctx.db, row.id, CREATE_LEASE_MS))) {
    for (let waited = 0; waited < 5000; waited += 100) {
      const current = await repo.findTransactionRow(ctx.db, row.id);
      if (current?.oppUid) return current;
      await sleep(100);
    }
    throw new AppError(ErrorCode.Conflict, 'This payment is being started right now; try again in a moment');
  }
  let answer: OppTransaction;
  try {
    answer = await ctx.opp.createTransaction(row.request as unknown as CreateTransactionInput, row.idempotencyKey);
  } catch (err) {
    // Our row stays (without a provider uid): a retry or the reconcile job re-sends it with the same key.
    ctx.log.error({ err, transactionRowId: row.id }, 'creating the provider transaction failed');
    await repo.releaseCreateLease(ctx.db, row.id);
    throw providerUnavailable(err);
  }
  return applyProviderTransaction(ctx, row.id, answer);
}

/**
 * The reconcile job's repair of a create whose answer we never recorded: re-sent under its original
 * key (the provider answers the transaction it already made, or makes it once) — unless another
 * process is sending it right now.
 */
export async function resendCreate(ctx: AppContext, row: repo.OppTransactionRow): Promise<boolean> {
  if (!(await repo.leaseForCreate(ctx.db, row.id, CREATE_LEASE_MS))) return false;
  try {
    const answer = await ctx.opp.createTransaction(
      row.request as unknown as CreateTransactionInput,
      row.idempotencyKey,
    );
    await applyProviderTransaction(ctx, row.id, answer);
    return true;
  } catch (err) {
    await repo.releaseCreateLease(ctx.db, row.id);
    throw err;
  }
}

/**
 * Applies what the provider says about a transaction, in ONE database transaction: records the uid
 * and redirect URL (first answer only), moves the status forward only, and lets the owner react.
 * A repeated or stale answer changes nothing.
 */
export async function applyProviderTransaction(
  ctx: AppContext,
  rowId: string,
  answer: OppTransaction,
  notification?: { uid: string; type: string },
): Promise<repo.OppTransactionRow> {
  let afterCommit: AfterCommit | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    if (notification) {
      const first = await repo.insertNotification(tx, {
        uid: notification.uid,
        type: notification.type,
        objectType: 'transaction',
        objectUid: answer.uid,
      });
      if (!first) return (await repo.findTransactionRow(tx, rowId))!;
    }
    const locked = await repo.lockTransactionRow(tx, rowId);
    let row = locked!;
    if (row.oppUid && row.oppUid !== answer.uid) {
      ctx.log.error({ rowId, expected: row.oppUid, got: answer.uid }, 'provider answered another transaction');
      return row;
    }
    const previous = row.status;
    if (!row.oppUid) {
      row = (await repo.recordProviderAnswer(tx, row.id, {
        oppUid: answer.uid,
        status: answer.status,
        redirectUrl: answer.redirectUrl,
      }))!;
    } else if (canAdvanceTransaction(row.status, answer.status)) {
      row = await repo.updateTransactionStatus(tx, row.id, answer.status);
    } else {
      if (row.status !== answer.status) {
        ctx.log.info({ rowId, current: row.status, ignored: answer.status }, 'stale provider status ignored');
      }
      return row;
    }
    const owner = ctx.payments.owners[row.kind];
    if (!owner) ctx.log.error({ rowId, kind: row.kind }, 'no owner is wired for this kind of transaction');
    afterCommit = (await owner?.(tx, row, { previous, current: row.status! }, ctx)) ?? undefined;
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

/* ---------- notifications ---------- */

/** HMAC-SHA256 of the notification uid with the notification secret (payments.md §4). */
export function verificationHashOf(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(uid).digest('hex');
}

function isValidHash(secret: string, uid: string, hash: string): boolean {
  const expected = Buffer.from(verificationHashOf(secret, uid), 'utf8');
  const given = Buffer.from(hash, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type NotificationResult = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider notification: proves it came from the provider (hash), refuses object URLs outside the
 * configured API, then reads the object from the provider (outside any DB transaction) and applies it.
 */
export async function handleNotification(ctx: AppContext, body: OppNotificationBody): Promise<NotificationResult> {
  if (!isValidHash(ctx.config.OPP_NOTIFY_SECRET, body.uid, body.verification_hash)) {
    throw new AppError(ErrorCode.Unauthorized, 'Invalid verification hash');
  }
  // The notified object's URL rebuilt on the configured provider base (never the raw string), or null.
  const objectUrl = ctx.opp.urlUnderBase(body.object_url);
  if (!objectUrl) {
    ctx.log.warn(
      { objectUrl: body.object_url, objectUid: body.object_uid },
      'notification names a URL off the provider',
    );
    throw AppError.field(
      ErrorCode.BadRequest,
      'object_url',
      { key: 'url' },
      'object_url is not on the payment provider',
    );
  }
  if (await repo.isNotificationProcessed(ctx.db, body.uid)) return 'duplicate';
  if (body.object_type !== 'transaction') {
    const handler = ctx.payments.notifications[body.object_type];
    if (handler) {
      // The handler re-reads the object from the provider and applies it idempotently; only then is
      // the notification remembered (a failure answers non-2xx, so the provider sends it again).
      await handler(ctx, body);
      await repo.insertNotification(ctx.db, {
        uid: body.uid,
        type: body.type,
        objectType: body.object_type,
        objectUid: body.object_uid,
      });
      return 'applied';
    }
    // Merchant, bank account and mandate notifications belong to later features; remember we saw them.
    ctx.log.info({ type: body.type, objectType: body.object_type }, 'provider notification not handled yet');
    return 'ignored';
  }
  const row = await repo.findTransactionRowByUid(ctx.db, body.object_uid);
  if (!row) {
    // Not ours (yet): a create whose answer we have not recorded; the reconcile job will pick it up.
    ctx.log.warn({ objectUid: body.object_uid }, 'notification for an unknown transaction');
    return 'ignored';
  }
  let answer: OppTransaction;
  try {
    answer = await ctx.opp.getTransactionByUrl(objectUrl);
  } catch (err) {
    ctx.log.error({ err, objectUid: body.object_uid }, 'reading the notified transaction failed');
    throw providerUnavailable();
  }
  if (answer.uid !== body.object_uid) {
    throw AppError.field(ErrorCode.BadRequest, 'object_url', { key: 'invalid' }, 'object_url does not name object_uid');
  }
  await applyProviderTransaction(ctx, row.id, answer, { uid: body.uid, type: body.type });
  return 'applied';
}

/* ---------- the platform's own merchant (receives add-on payments) ---------- */

/** The merchant that receives Podpot add-on payments (OPP_PLATFORM_MERCHANT_UID). */
export function platformMerchantUid(ctx: AppContext): Promise<string> {
  if (ctx.config.OPP_PLATFORM_MERCHANT_UID) return Promise.resolve(ctx.config.OPP_PLATFORM_MERCHANT_UID);
  ctx.log.error('OPP_PLATFORM_MERCHANT_UID is not set');
  return Promise.reject(providerUnavailable());
}
