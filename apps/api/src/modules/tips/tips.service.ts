import { randomUUID } from 'node:crypto';
import {
  appUrl,
  boostFieldErrors,
  type CreateTipBody,
  type CreateTipResponse,
  ErrorCode,
  isFinalTipStatus,
  isTipjarTippable,
  type ListResponse,
  type Locale,
  platformFeeOf,
  type Tip,
  type TipEpisodeRef,
  type TipOutcome,
  tipStatusesBefore,
  tipStatusOfTransaction,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertSameRequest, type ClientIdempotency } from '../../lib/idempotency.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { queueMail, sendQueuedMail } from '../../mail/outbox.js';
import { newTipMail, tipReceiptMail } from '../../mail/tip-mails.js';
import type { AfterCommit, PaymentLedger } from '../../payments/ledger.js';
import type { CreateTransactionInput, OppLocale } from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { type RecordAnswer, sendLeasedCreate, startPayment } from '../../payments/payments.create.js';
import {
  findLatestForOwner,
  findPayingTransaction,
  type OppTransactionRow,
} from '../../payments/payments.repository.js';
import { notifyUrlOf } from '../../payments/payments.service.js';
import * as episodesQueries from '../episodes/episodes.queries.js';
import { receivingMerchantUid, receivingMerchantUidOf } from '../merchants/merchants.service.js';
import { paymentChoiceOf } from '../paymentmethods/paymentmethods.service.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import { queueWebhookEvent, tipObject } from '../webhooks/webhooks.events.js';
import * as createRepo from './tips.create.repository.js';
import { listTips } from './tips.list.js';
import * as repo from './tips.repository.js';

/** The provider transactions of tips are of this kind (owner_id = tips.id). */
export const TIP_KIND = createRepo.TIP_KIND;

/**
 * A tip as the API shows it. Anonymous tips never carry a name (it is not even stored); the
 * tipper's e-mail only for platform admins.
 */
export function toTip(row: repo.TipRow, options: { withEmail: boolean; episode: TipEpisodeRef | null }): Tip {
  return {
    id: row.id,
    tipjarId: row.tipjarId,
    amount: row.amount,
    fee: row.fee,
    refundedAmount: row.refundedAmount,
    refundedFee: row.refundedFee,
    status: row.status,
    privacy: row.privacy,
    displayName: row.privacy === 'ANONYMOUS' ? null : (row.displayName ?? null),
    message: row.message,
    messageShown: row.messageShown,
    paymentMethod: row.paymentMethod,
    recurringTipId: row.recurringTipId,
    episode: options.episode,
    ...(options.withEmail ? { email: row.email } : {}),
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/** Tips as the API shows them, their episodes read in one query (title and number, also of removed episodes). */
export async function toTips(db: DbOrTx, rows: repo.TipRow[], options: { withEmail: boolean }): Promise<Tip[]> {
  const ids = [...new Set(rows.map((r) => r.episodeId).filter((id): id is string => id !== null))];
  const refs = new Map((await episodesQueries.episodeRefs(db, ids)).map((e) => [e.id, e]));
  return rows.map((row) => toTip(row, { ...options, episode: (row.episodeId && refs.get(row.episodeId)) || null }));
}

function toCreateTipResponse(
  tip: Pick<repo.TipRow, 'id' | 'status' | 'amount' | 'fee'>,
  payment: OppTransactionRow | undefined,
): CreateTipResponse {
  return {
    tip: { id: tip.id, status: tip.status, amount: tip.amount, fee: tip.fee },
    oppTransaction: { status: payment?.status ?? 'created', redirectUrl: payment?.redirectUrl ?? null },
  };
}

/* ---------- the receiving merchant ---------- */

/**
 * The merchant that receives a tip: the one the maker registered (backoffice 'Registratie'), while
 * the provider takes payments for it; otherwise a 409 NOT_ACCEPTING_TIPS before anything is written.
 */
export async function tipMerchantUid(ctx: AppContext, tipjar: tipjarsQueries.TipjarRow): Promise<string> {
  return receivingMerchantUid(ctx, tipjar.id);
}

/* ---------- creating a tip ---------- */

/**
 * POST tipjars/{id}/tips. The tip and our transaction row are written in ONE database transaction
 * and committed; only then is the provider called (with Idempotency-Key `tip-<tipId>`), and its
 * answer recorded (docs/money-rules.md §1–2). If the provider fails the tip stays `created` and the
 * reconcile job re-sends the same request later (or it expires).
 *
 * A client Idempotency-Key makes the call repeatable: the same key with the same request answers the
 * first tip and its provider transaction, never a second one; with a different request it is a 422.
 */
export async function createTip(
  ctx: AppContext,
  ledger: PaymentLedger,
  tipjarId: string,
  data: CreateTipBody['data'],
  idempotency: ClientIdempotency | undefined,
  /** The signed-in tipper, from the session only: the tip is a record of their account (decision 061). */
  tipperId?: string,
): Promise<CreateTipResponse> {
  // What the tip needs, read in one statement built once (tip jar, merchant, payment method; decision
  // 047), beside the rarer reads a request may add. A 404 comes first, then the payment method, a
  // repeated request, the episode, and the merchant's refusal.
  const [context, existing, episode] = await Promise.all([
    createRepo.readTipContext(ctx.db, tipjarId, data.payment.paymentmethod),
    idempotency ? repo.findTipByIdempotencyKey(ctx.db, tipjarId, idempotency.key) : undefined,
    data.episodeId ? episodesQueries.findEpisode(ctx.db, tipjarId, data.episodeId) : undefined,
  ]);
  // Tips go only to LIVE, active tip jars that are not archived; any other (or unknown) id is a plain 404.
  if (!context || !isTipjarTippable(context.tipjar)) throw AppError.notFound('Tip jar');
  const { tipjar } = context;
  const method = paymentChoiceOf(context.methodType, 'data.payment.paymentmethod');
  if (existing) return answerRepeatedTip(ctx, ledger, existing, data, idempotency!);
  // Only an episode of this tip jar's feed (removed ones neither: its page is gone).
  if (data.episodeId && !episode) {
    throw AppError.field(
      ErrorCode.EpisodeUnknown,
      'data.episodeId',
      { key: 'episodeUnknown' },
      'This episode is not one of this tip jar',
    );
  }
  // A boost's rules across fields, the moment within the episode (decision 097).
  const boostErrors = boostFieldErrors(data, episode?.duration);
  if (Object.keys(boostErrors).length > 0) {
    throw new AppError(
      ErrorCode.BoostInvalid,
      'This boost cannot be sent as it is',
      Object.fromEntries(Object.entries(boostErrors).map(([field, error]) => [`data.${field}`, error])),
    );
  }
  const merchantUid = receivingMerchantUidOf(ctx, tipjar.id, context.merchant ?? undefined);

  const tipId = randomUUID();
  const fee = platformFeeOf(data.amount, ctx.config.PLATFORM_FEE_BPS);
  const locale: OppLocale = data.locale;
  const providerKey = tipProviderKey(tipId);
  const request = tipTransactionRequest(ctx, {
    tipId,
    tipjar,
    merchantUid,
    amount: data.amount,
    fee,
    paymentMethod: method.type,
    returnUrl: appUrl(ctx.config.publicUrl, 'thankyou', {}, data.locale, { tip: tipId, slug: tipjar.slug }),
    locale,
  });

  // The tip and its provider transaction, its create lease taken, in one statement: one round trip
  // instead of five (begin, two inserts, commit, the lease; decision 024), built once (decision 047).
  const written = await createRepo.insertTipWithTransaction(ctx.db, {
    tipId,
    tipjarId: tipjar.id,
    amount: data.amount,
    fee,
    privacy: data.privacy,
    // An anonymous tipper's name is not kept at all, so no screen or export can ever show it.
    displayName: data.privacy === 'ANONYMOUS' ? null : data.displayName,
    message: data.message,
    email: data.email,
    locale,
    paymentMethod: method.type,
    episodeId: episode?.id ?? null,
    readOnAir: Boolean(episode && data.readOnAir),
    boostMoment: episode && data.readOnAir ? (data.boostMoment ?? null) : null,
    userId: tipperId ?? null,
    idempotencyKey: idempotency?.key ?? null,
    idempotencyFingerprint: idempotency?.fingerprint ?? null,
    rowId: randomUUID(),
    providerKey,
    merchantUid,
    request,
  });
  if (!written) {
    // A concurrent request with the same Idempotency-Key won the insert: answer its tip.
    const winner = await repo.findTipByIdempotencyKey(ctx.db, tipjar.id, idempotency!.key);
    if (!winner) throw AppError.because(ErrorCode.Conflict, 'tipBeingCreated');
    return answerRepeatedTip(ctx, ledger, winner, data, idempotency!);
  }

  // The tip as just written (a new tip is 'created'), sent without reading it back.
  const tip = { id: tipId, status: 'created' as const, amount: data.amount, fee };
  const payment = await startTipPayment(tipId, () =>
    sendLeasedCreate(ctx, ledger, written, 'first', recordTipCreateAnswer),
  );
  // The recorded answer moved the tip along; its status follows from the transaction's.
  const status = (payment.status && tipStatusOfTransaction(payment.status)) || tip.status;
  return toCreateTipResponse({ ...tip, status }, payment);
}

/**
 * The answer to a tip's create, recorded (decision 047). An open answer (the usual one: the tipper is
 * still to pay) moves the tip to pending and does nothing else, so the answer and that move are one
 * statement — the answer recorded only on a row nobody answered, the tip moved only from the statuses
 * before pending, as onTipPayment would. Any other answer, or a row answered meanwhile, goes the one
 * apply path (a transaction that locks and re-reads the row).
 */
const recordTipCreateAnswer: RecordAnswer = async (ctx, ledger, rowId, answer) => {
  if (tipStatusOfTransaction(answer.status) === 'pending') {
    const row = await createRepo.recordFirstAnswerWithTipPending(ctx.db, rowId, {
      oppUid: answer.uid,
      status: answer.status,
      redirectUrl: answer.redirectUrl,
    });
    if (row) return row;
  }
  return applyProviderTransaction(ctx, ledger, rowId, answer);
};

/** Provider calls under way in this process, by tip id. */
const inFlightPayments = new Map<string, Promise<OppTransactionRow>>();

/** A tip's provider call, registered as in flight so a repeated request can wait for it. */
/** A tip's Idempotency-Key and reference at the provider: ours and unique (docs/money-rules.md §8). */
export function tipProviderKey(tipId: string): string {
  return `tip-${tipId}`;
}

/**
 * The provider transaction that pays a tip: its reference (the key) finds a create whose answer was
 * lost again; its metadata names the tip and tip jar. Also the demo's paid history (seed/demo-provider.ts).
 */
export function tipTransactionRequest(
  ctx: AppContext,
  tip: {
    tipId: string;
    tipjar: { id: string; name: string; slug: string };
    merchantUid: string;
    amount: number;
    fee: number;
    paymentMethod: CreateTransactionInput['payment_method'];
    returnUrl: string;
    locale?: OppLocale;
  },
): CreateTransactionInput {
  return {
    merchant_uid: tip.merchantUid,
    products: [{ name: `Tip for ${tip.tipjar.name}`, price: tip.amount, quantity: 1 }],
    total_price: tip.amount,
    return_url: tip.returnUrl,
    notify_url: notifyUrlOf(ctx),
    payment_method: tip.paymentMethod,
    checkout: false,
    ...(tip.locale ? { locale: tip.locale } : {}),
    partner_fee: tip.fee,
    description: `${ctx.config.BRAND_NAME} tip ${tip.tipjar.slug}`,
    reference: tipProviderKey(tip.tipId),
    metadata: { tip_id: tip.tipId, tipjar_id: tip.tipjar.id },
  };
}

async function startTipPayment(tipId: string, start: () => Promise<OppTransactionRow>) {
  const pending = start();
  inFlightPayments.set(tipId, pending);
  try {
    return await pending;
  } finally {
    inFlightPayments.delete(tipId);
  }
}

/**
 * A repeated request (same Idempotency-Key): the first tip and its transaction, if the request is the
 * same one (else 422). If the provider never answered the first time, the very same request is sent
 * again under the same provider key.
 */
async function answerRepeatedTip(
  ctx: AppContext,
  ledger: PaymentLedger,
  tip: repo.TipRow,
  data: CreateTipBody['data'],
  idempotency: ClientIdempotency,
): Promise<CreateTipResponse> {
  assertSameRequest(tip.idempotencyFingerprint, idempotency);
  // A tip from before fingerprints were kept: only a different amount is known to be another tip.
  if (tip.idempotencyFingerprint === null && tip.amount !== data.amount) {
    throw new AppError(ErrorCode.Conflict, 'This Idempotency-Key was used for a different tip');
  }
  let payment = await findLatestForOwner(ctx.db, TIP_KIND, tip.id);
  // The first request may be calling the provider right now: share its answer instead of racing it
  // with a second create (OPP answers concurrent same-key calls with 409; across instances that
  // surfaces as a 502 and the client's retry then finds the recorded answer).
  const inFlight = inFlightPayments.get(tip.id);
  if (inFlight) payment = await inFlight.catch(() => findLatestForOwner(ctx.db, TIP_KIND, tip.id));
  if (payment && !payment.oppUid) {
    const { attempt, idempotencyKey } = payment;
    const request = payment.request as unknown as CreateTransactionInput;
    payment = await startTipPayment(tip.id, () =>
      startPayment(ctx, ledger, { kind: TIP_KIND, ownerId: tip.id, attempt, idempotencyKey, request }),
    );
  }
  // Re-read: recording the provider answer moved the tip to pending.
  return toCreateTipResponse((await repo.findTip(ctx.db, tip.id)) ?? tip, payment);
}

/* ---------- payment updates (webhook, reconcile) ---------- */

/**
 * What a tip's transaction status means for the tip, inside the DB transaction that recorded it.
 * The move is a conditional UPDATE along the forward-only ladder, so a repeated or late
 * notification changes nothing and the transition to completed happens exactly once; only that
 * transition queues mails, in the same transaction (sent by the outbox worker after the commit).
 */
export async function onTipPayment(
  tx: Tx,
  row: OppTransactionRow,
  change: { current: string },
  ctx: AppContext,
): Promise<AfterCommit | undefined> {
  const to = tipStatusOfTransaction(change.current);
  if (!to) return;
  const tip = await repo.moveTipStatus(tx, row.ownerId, to, tipStatusesBefore(to));
  if (tip?.status !== 'completed') return;
  // Signed webhooks (decision 095): the event is queued with the change, like its mails.
  await queueWebhookEvent(tx, { tipjarId: tip.tipjarId, type: 'tip.completed', cause: tip.id, data: tipObject(tip) });
  const tipjar = await tipjarsQueries.findTipjar(tx, tip.tipjarId);
  if (!tipjar) return;
  const admins = tipjar.notifyOnTip ? await tipjarsQueries.listAdminRecipients(tx, tipjar.id) : [];
  await queueTipCompletedMails(ctx, tx, tip, tipjar, admins);
  return () => sendQueuedMail(ctx);
}

/** The tipper's receipt and each jar admin's new-tip mail, each once per tip (the dedupe key). */
async function queueTipCompletedMails(
  ctx: AppContext,
  tx: Tx,
  tip: repo.TipRow,
  tipjar: tipjarsQueries.TipjarRow,
  admins: { userId: string; email: string; locale: Locale }[],
) {
  const brand = ctx.config.BRAND_NAME;
  const receipt = tipReceiptMail(tip.locale, {
    brand,
    tipjarName: tipjar.name,
    amount: tip.amount,
    fee: tip.fee,
    paidAt: tip.completedAt ?? tip.updated,
    reference: tip.id,
    episode: tip.episodeId ? (await episodesQueries.episodeRefs(tx, [tip.episodeId]))[0] : null,
    boostMoment: tip.readOnAir ? tip.boostMoment : null,
  });
  await queueMail(tx, { to: tip.email, ...receipt }, { dedupeKey: `tip-receipt:${tip.id}` });
  for (const admin of admins) {
    const notification = newTipMail(admin.locale, {
      brand,
      tipjarName: tipjar.name,
      amount: tip.amount,
      fee: tip.fee,
      fromName: tip.privacy === 'ANONYMOUS' ? null : tip.displayName || null,
      message: tip.message,
      link: appUrl(ctx.config.publicUrl, 'backofficeTips', { tipjarslug: tipjar.slug }, admin.locale),
    });
    await queueMail(tx, { to: admin.email, ...notification }, { dedupeKey: `tip-notify:${tip.id}:${admin.userId}` });
  }
}

/* ---------- reads ---------- */

/** GET tips/{id}/outcome: the public thank-you page learns the status and, once paid, the amount — nothing else. */
export async function getTipOutcome(ctx: AppContext, tipId: string): Promise<TipOutcome> {
  const tip = await repo.findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound('Tip');
  return {
    status: tip.status,
    final: isFinalTipStatus(tip.status),
    ...(tip.status === 'completed' ? { amount: tip.amount } : {}),
  };
}

export type TipListQuery = ParsedListQuery<repo.TipSortBy> & Omit<repo.TipFilter, 'search' | 'tipjarId'>;

export async function listTipjarTips(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: TipListQuery,
): Promise<ListResponse<Tip>> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows, ...metadata } = await listTips(ctx.db, { ...query, tipjarId }, query);
  // The backoffice view: never the tipper's e-mail, whoever looks.
  return { data: await toTips(ctx.db, rows, { withEmail: false }), metadata };
}

export async function getTipjarTip(ctx: AppContext, actor: Actor, tipjarId: string, tipId: string): Promise<Tip> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const tip = await repo.findTip(ctx.db, tipId, tipjarId);
  if (!tip) throw AppError.notFound('Tip');
  const [one] = await toTips(ctx.db, [tip], { withEmail: false });
  return one!;
}

function assertPlatformAdmin(actor: Actor) {
  assertAdmin(actor);
}

export async function listAllTips(
  ctx: AppContext,
  actor: Actor,
  query: TipListQuery & { tipjarId?: string },
): Promise<ListResponse<Tip>> {
  assertPlatformAdmin(actor);
  const { rows, ...metadata } = await listTips(ctx.db, query, query);
  return { data: await toTips(ctx.db, rows, { withEmail: true }), metadata };
}

export async function getTip(ctx: AppContext, actor: Actor, tipId: string): Promise<Tip> {
  assertPlatformAdmin(actor);
  const tip = await repo.findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound('Tip');
  // A refund goes to the provider's payment: without one (demo data) the action would only be refused.
  const paid = await findPayingTransaction(ctx.db, tip);
  const [one] = await toTips(ctx.db, [tip], { withEmail: true });
  return { ...one!, refundable: Boolean(paid?.transaction.oppUid) };
}
