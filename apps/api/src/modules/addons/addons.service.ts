import {
  type Addon,
  appUrl,
  DEFAULT_LOCALE,
  ErrorCode,
  isLocale,
  isOpenTransaction,
  type PaymentOwnerKind,
  paymentOutcome,
  type RetryPaymentBody,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import type { CreateTransactionInput, OppLocale } from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { startPayment } from '../../payments/payments.create.js';
import { findLatestForOwner, findLatestForOwners, type OppTransactionRow } from '../../payments/payments.repository.js';
import { notifyUrlOf, platformMerchantUid } from '../../payments/payments.service.js';
import { resolvePaymentChoice } from '../paymentmethods/paymentmethods.service.js';
import { findUserLocale } from '../users/users.queries.js';
import * as repo from './addons.repository.js';

/** The provider transactions of add-ons are of this kind. */
export const ADDON_KIND = 'addon' satisfies PaymentOwnerKind;
const ADDON_TYPES: Record<string, { name: string; unlocks: string }> = {
  TIPJAR: { name: 'TIPJAR', unlocks: 'TIPJAR' },
};

export function toAddon(row: repo.AddonRow, payment: OppTransactionRow | undefined): Addon {
  return {
    id: row.id,
    tipjarId: row.tipjarId,
    created: row.created.toISOString(),
    type: ADDON_TYPES[row.type] ?? { name: row.type, unlocks: row.type },
    costTotalWithTax: row.costTotalWithTax,
    // Only once the provider answered is there a transaction to show.
    oppTransaction:
      payment?.oppUid && payment.status ? { status: payment.status, redirectUrl: payment.redirectUrl } : null,
  };
}

/** Add-ons (with their current payment) of several tip jars, newest first. */
export async function addonsOfTipjars(db: DbOrTx, tipjarIds: string[]): Promise<Map<string, Addon[]>> {
  const rows = await repo.listAddonsOfTipjars(db, tipjarIds);
  const payments = await findLatestForOwners(
    db,
    ADDON_KIND,
    rows.map((r) => r.id),
  );
  const byTipjar = new Map<string, Addon[]>();
  for (const row of rows) {
    const list = byTipjar.get(row.tipjarId) ?? [];
    list.push(toAddon(row, payments.get(row.id)));
    byTipjar.set(row.tipjarId, list);
  }
  return byTipjar;
}

/**
 * Starts (attempt n of) the payment of a Podpot add-on: a transaction to the platform's merchant.
 * The idempotency key comes from the add-on id and the attempt, so repeating a request can never
 * make a second provider transaction for the same attempt.
 */
export async function startAddonPayment(
  ctx: AppContext,
  ledger: PaymentLedger,
  input: {
    tipjar: { id: string; slug: string; name: string };
    addon: repo.AddonRow;
    method: { type: string };
    locale: OppLocale;
    attempt: number;
  },
): Promise<OppTransactionRow> {
  const { tipjar, addon, method, locale, attempt } = input;
  const merchantUid = await platformMerchantUid(ctx);
  const key = attempt === 1 ? `addon-${addon.id}` : `addon-${addon.id}-${attempt}`;
  const request: CreateTransactionInput = {
    merchant_uid: merchantUid,
    products: [{ name: `${ctx.config.BRAND_NAME}: ${tipjar.name}`, price: addon.costTotalWithTax, quantity: 1 }],
    total_price: addon.costTotalWithTax,
    return_url: appUrl(
      ctx.config.publicUrl,
      'backofficeDashboard',
      { tipjarslug: tipjar.slug },
      isLocale(locale) ? locale : DEFAULT_LOCALE,
      {
        welcome: 'true',
      },
    ),
    notify_url: notifyUrlOf(ctx),
    payment_method: method.type,
    checkout: false,
    locale,
    description: `${ctx.config.BRAND_NAME} ${tipjar.slug}`,
    // Ours and unique: a hint to find a create whose answer was lost (docs/money-rules.md §8)…
    reference: key,
    // …which is found by what the provider keeps: the order and the attempt (decision 071).
    metadata: { addon_id: addon.id, tipjar_id: tipjar.id, attempt: String(attempt) },
  };
  return startPayment(ctx, ledger, { kind: ADDON_KIND, ownerId: addon.id, attempt, idempotencyKey: key, request });
}

/* ---------- endpoints ---------- */

export async function listAddons(ctx: AppContext, actor: Actor, tipjarId: string, query: ParsedListQuery) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows, count } = await repo.listAddons(ctx.db, tipjarId, query);
  const payments = await findLatestForOwners(
    ctx.db,
    ADDON_KIND,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toAddon(r, payments.get(r.id))), metadata: { count } };
}

export async function getAddon(ctx: AppContext, actor: Actor, tipjarId: string, addonId: string): Promise<Addon> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const addon = await repo.findAddon(ctx.db, addonId, tipjarId);
  if (!addon) throw AppError.notFound('Add-on');
  return toAddon(addon, await findLatestForOwner(ctx.db, ADDON_KIND, addon.id));
}

/** An archived tip jar takes no payment for its order, not even the open one again (docs/money-rules.md §9). */
function archivedOrder(): AppError {
  return AppError.because(ErrorCode.InvalidTransition, 'orderArchived');
}

/**
 * The retry card: a new payment attempt for an unpaid order. A payment that is still open is
 * answered as is (the buyer can still finish it) instead of starting a second one.
 */
export async function retryAddonPayment(
  ctx: AppContext,
  ledger: PaymentLedger,
  actor: Actor,
  tipjarId: string,
  addonId: string,
  choice: RetryPaymentBody['data'],
): Promise<Addon> {
  if ((await loadManagedTipjar(ctx, actor, tipjarId)).archivedAt) throw archivedOrder();
  const addon = await repo.findAddon(ctx.db, addonId, tipjarId);
  if (!addon) throw AppError.notFound('Add-on');
  let current = await findLatestForOwner(ctx.db, ADDON_KIND, addon.id);
  if (current?.oppUid && isOpenTransaction(current.status)) {
    // Our record may be behind (a notification still on its way): ask the provider first.
    try {
      current = await applyProviderTransaction(ctx, ledger, current.id, await ctx.opp.getTransaction(current.oppUid));
    } catch (err) {
      ctx.log.warn({ err }, 'could not refresh the add-on payment before a retry');
    }
    if (isOpenTransaction(current.status)) return toAddon(addon, current);
  }
  // Re-read: refreshing the payment may have moved the tip jar.
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);

  // The retry card's page decides; else the language of the attempt before, else the user's.
  const locale = (choice.locale ??
    (current?.request as { locale?: OppLocale } | undefined)?.locale ??
    (await findUserLocale(ctx.db, actor.userId)) ??
    DEFAULT_LOCALE) as OppLocale;
  if (current && !current.oppUid) {
    // The previous attempt never reached the provider (or we lost its answer): send the very same request again.
    const row = await startPayment(ctx, ledger, {
      kind: ADDON_KIND,
      ownerId: addon.id,
      attempt: current.attempt,
      idempotencyKey: current.idempotencyKey,
      request: current.request as unknown as CreateTransactionInput,
    });
    return toAddon(addon, row);
  }
  const outcome = paymentOutcome(current?.status);
  if (outcome === 'paid' || outcome === 'held' || outcome === 'reversed') {
    throw AppError.because(ErrorCode.Conflict, 'orderPaid');
  }
  if (tipjar.archivedAt) throw archivedOrder();
  const retryable =
    tipjar.status === 'NEW' ||
    tipjar.status === 'PAYMENT_EXPIRED' ||
    (tipjar.status === 'AWAITING_PAYMENT' && (!current || outcome === 'unpaid'));
  if (!retryable) throw new AppError(ErrorCode.InvalidTransition, `A ${tipjar.status} tip jar has no payment to retry`);

  const method = await resolvePaymentChoice(ctx, choice, 'data.paymentmethod');
  const row = await startAddonPayment(ctx, ledger, {
    tipjar,
    addon,
    method,
    locale,
    attempt: (current?.attempt ?? 0) + 1,
  });
  return toAddon(addon, row);
}
