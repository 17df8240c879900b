import type { MigrateMerchantBodySchema } from '@podpot/domain';
import {
  appUrl,
  ErrorCode,
  isRegistrationComplete,
  type Locale,
  merchantTakesPayments,
  type OppMerchantView,
} from '@podpot/domain';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { NotificationObjectHandler } from '../../payments/ledger.js';
import { type OppBankAccount, OppError, type OppMerchant } from '../../payments/opp-client.js';
import { notifyUrlOf } from '../../payments/payments.service.js';
import { type AuditChange, recordAudit } from '../audit/audit.service.js';
import { bankAccountChanged, queueBankAccountChangedMails, queuePayoutsReadyMails } from './merchants.mails.js';
import * as repo from './merchants.repository.js';

const stateFields = (row: repo.MerchantRow) => ({
  merchantStatus: row.merchantStatus,
  complianceStatus: row.complianceStatus,
  complianceLevel: row.complianceLevel,
  bankAccountStatus: row.bankAccountStatus,
});

export function toMerchantView(row: repo.MerchantRow): OppMerchantView {
  return {
    merchantUid: row.merchantUid,
    type: row.type,
    merchantStatus: row.merchantStatus,
    complianceStatus: row.complianceStatus,
    complianceLevel: row.complianceLevel,
    overviewUrl: row.overviewUrl,
    requirements: row.requirements,
    bankAccount: row.bankAccountStatus
      ? { status: row.bankAccountStatus, verificationUrl: row.bankAccountVerificationUrl, iban: row.bankAccountIban }
      : null,
    registrationComplete: isRegistrationComplete(stateFields(row)),
    acceptsPayments: merchantTakesPayments(row.merchantStatus),
    updated: row.updated.toISOString(),
  };
}

/** The `oppMerchant` field of a tip jar (docs/product.md §3, plus what payout-readiness needs). */
export function toMerchantRef(row: repo.MerchantRow | undefined) {
  if (!row) return null;
  const state = stateFields(row);
  return { ...state, registrationComplete: isRegistrationComplete(state) };
}

/** Whether a tip jar with this merchant (or none) can take tips: registered, and not stopped by the provider. */
export function acceptsTips(row: Pick<repo.MerchantRow, 'merchantStatus'> | undefined): boolean {
  return row !== undefined && merchantTakesPayments(row.merchantStatus);
}

/**
 * The merchant that receives a tip jar's tips. Payments may be taken before verification finishes
 * (payouts wait for it; docs/provider.md §1.3), but not without a merchant, nor once the provider
 * suspended, blocked or terminated it: then a clear 409, before anything is written.
 */
export async function receivingMerchantUid(ctx: AppContext, tipjarId: string): Promise<string> {
  return receivingMerchantUidOf(ctx, tipjarId, await repo.findMerchantOfTipjar(ctx.db, tipjarId));
}

/** receivingMerchantUid for the merchant row read elsewhere (a tip's one read, decision 047). */
export function receivingMerchantUidOf(
  ctx: AppContext,
  tipjarId: string,
  row: Pick<repo.MerchantRow, 'merchantUid' | 'merchantStatus'> | undefined,
): string {
  if (row && acceptsTips(row)) return row.merchantUid;
  ctx.log.warn(
    { tipjarId, merchantStatus: row?.merchantStatus ?? null },
    row
      ? 'the provider stopped this merchant; tips are refused'
      : 'tip jar has no provider merchant yet; tips are refused',
  );
  throw new AppError(
    ErrorCode.NotAcceptingTips,
    row ? 'This tip jar cannot receive tips at the moment' : 'This tip jar cannot receive tips yet',
  );
}

/** Our copy of the provider's merchant (and its default bank account). */
export function stateOf(merchant: OppMerchant, bank: OppBankAccount | null): Partial<repo.NewMerchantRow> {
  return {
    type: merchant.type,
    merchantStatus: merchant.status,
    complianceStatus: merchant.compliance.status,
    complianceLevel: merchant.compliance.level,
    overviewUrl: merchant.compliance.overviewUrl,
    requirements: merchant.compliance.requirements.map((r) => ({
      type: r.type,
      status: r.status,
      redirectUrl: r.objectRedirectUrl,
    })),
    ...(bank ? bankStateOf(bank) : {}),
  };
}

export function bankStateOf(bank: OppBankAccount): Partial<repo.NewMerchantRow> {
  return {
    bankAccountUid: bank.uid,
    bankAccountStatus: bank.status,
    bankAccountVerificationUrl: bank.verificationUrl,
    bankAccountIban: bank.iban,
  };
}

export function providerFailed(ctx: AppContext, err: unknown): AppError {
  if (err instanceof OppError && err.status === 409) {
    // The same request (Idempotency-Key) is still in progress at the provider: retry shortly.
    return AppError.because(ErrorCode.Conflict, 'merchantBusy');
  }
  ctx.log.error({ err }, 'payment provider call for a merchant failed');
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; please try again');
}

/** Where the provider sends the maker back after verifying: the registration page, in the maker's language. */
export function registrationUrl(ctx: AppContext, slug: string, locale: Locale) {
  return appUrl(ctx.config.publicUrl, 'backofficeRegistration', { tipjarslug: slug }, locale);
}

export async function defaultBankAccount(ctx: AppContext, merchantUid: string): Promise<OppBankAccount | null> {
  const list = await ctx.opp.listBankAccounts(merchantUid);
  return list.data.find((b) => b.isDefault) ?? list.data[0] ?? null;
}

export async function getMerchant(ctx: AppContext, actor: Actor, tipjarId: string): Promise<OppMerchantView> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.findMerchantOfTipjar(ctx.db, tipjarId);
  if (!row) throw AppError.notFound('Merchant');
  return toMerchantView(await refreshMerchant(ctx, row));
}

/** Reads the provider's current state into our copy (no transaction spans the network call). */
export async function refreshMerchant(ctx: AppContext, row: repo.MerchantRow): Promise<repo.MerchantRow> {
  let merchant: OppMerchant;
  let bank: OppBankAccount | null;
  try {
    [merchant, bank] = await Promise.all([
      ctx.opp.getMerchant(row.merchantUid),
      defaultBankAccount(ctx, row.merchantUid),
    ]);
  } catch (err) {
    // The copy we have is still the best answer; the backoffice shows its age.
    ctx.log.warn({ err, merchantUid: row.merchantUid }, 'merchant refresh failed');
    return row;
  }
  return (await saveMerchantState(ctx, row, stateOf(merchant, bank))) ?? row;
}

/**
 * Stores what the provider says of a merchant; in the same transaction its tip jar's admins are mailed
 * when its bank account is another one than we knew (issue 15), or when the registration became
 * complete: the bank account verified, payouts can be made (issue 39).
 */
export async function saveMerchantState(
  ctx: AppContext,
  row: repo.MerchantRow,
  state: Partial<repo.NewMerchantRow>,
): Promise<repo.MerchantRow | undefined> {
  const changed = bankAccountChanged(row, state);
  const completes = completesRegistration(row, state);
  if (!changed && !completes) return repo.updateMerchant(ctx.db, row.id, state);
  const updated = await ctx.db.transaction(async (tx) => {
    const saved = await repo.updateMerchant(tx, row.id, state);
    if (saved?.tipjarId && changed) await queueBankAccountChangedMails(ctx, tx, saved.tipjarId, state.bankAccountUid!);
    if (saved?.tipjarId && completes) await queuePayoutsReadyMails(ctx, tx, saved);
    return saved;
  });
  ctx.outbox.kick();
  return updated;
}

/** Whether storing `state` makes the merchant's registration complete (it was not before). */
function completesRegistration(row: repo.MerchantRow, state: Partial<repo.NewMerchantRow>): boolean {
  return !isRegistrationComplete(stateFields(row)) && isRegistrationComplete({ ...stateFields(row), ...state });
}

/** Notification for a merchant or one of its bank accounts: refresh our copy if it is ours. */
export async function refreshMerchantByUid(ctx: AppContext, merchantUid: string): Promise<void> {
  const row = await repo.findMerchantByUid(ctx.db, merchantUid);
  if (row) await refreshMerchant(ctx, row);
}

/** Links an existing merchant of our partner account to a tip jar (platform admins only). */
export async function connectMerchant(ctx: AppContext, actor: Actor, tipjarId: string, merchantUid: string) {
  // Its own admins learn 403 (they know the tip jar); strangers 404 like everywhere else.
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  if (await repo.findMerchantOfTipjar(ctx.db, tipjarId)) {
    throw AppError.because(ErrorCode.Conflict, 'merchantDisconnectFirst');
  }
  if (await repo.findMerchantByUid(ctx.db, merchantUid)) {
    throw AppError.field(
      ErrorCode.Conflict,
      'merchantUid',
      { key: 'invalid' },
      'This merchant belongs to another tip jar',
    );
  }
  let merchant: OppMerchant;
  let bank: OppBankAccount | null;
  try {
    merchant = await ctx.opp.getMerchant(merchantUid);
  } catch {
    throw AppError.field(
      ErrorCode.NotFound,
      'merchantUid',
      { key: 'invalid' },
      'The payment provider does not know this merchant',
    );
  }
  try {
    bank = await defaultBankAccount(ctx, merchantUid);
  } catch (err) {
    ctx.log.warn({ err, merchantUid }, 'reading the bank accounts of a connected merchant failed');
    bank = null;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertMerchant(tx, {
      tipjarId,
      merchantUid,
      ...(stateOf(merchant, bank) as Required<
        Pick<repo.NewMerchantRow, 'type' | 'merchantStatus' | 'complianceStatus'>
      >),
    });
    if (inserted) await recordAudit(tx, actor, merchantChange('merchant.connected', inserted));
    return inserted;
  });
  if (!row) throw AppError.because(ErrorCode.Conflict, 'merchantDisconnectFirst');
  return toMerchantView(row);
}

/** The audit entry of a merchant linked to, changed on or unlinked from its tip jar (the provider's uid and type). */
export function merchantChange(
  action: 'merchant.registered' | 'merchant.connected' | 'merchant.migrated' | 'merchant.disconnected',
  row: repo.MerchantRow,
  before?: repo.MerchantRow,
): AuditChange {
  const values = (r: repo.MerchantRow) => ({ merchantUid: r.merchantUid, merchantType: r.type });
  const ends = action === 'merchant.disconnected' ? { before: values(row) } : { after: values(row) };
  return {
    action,
    entityType: 'merchant',
    entityId: row.id,
    tipjarId: row.tipjarId,
    ...(before ? { before: { merchantType: before.type }, after: { merchantType: row.type } } : ends),
  };
}

/** Consumer → business merchant (same uid), e.g. when a maker starts a company. */
export async function migrateMerchant(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: z.infer<typeof MigrateMerchantBodySchema>['data'],
) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.findMerchantOfTipjar(ctx.db, tipjarId);
  if (!row) throw AppError.notFound('Merchant');
  if (row.type !== 'consumer') throw AppError.because(ErrorCode.Conflict, 'merchantConsumerOnly');
  let merchant: OppMerchant;
  try {
    merchant = await ctx.opp.migrateMerchant(
      row.merchantUid,
      { coc_nr: data.cocNumber, country: data.country, notify_url: notifyUrlOf(ctx) },
      `merchant-migrate-${row.id}`,
    );
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  merchant = await afterMigrate(ctx, merchant);
  const state = stateOf(merchant, null);
  const completes = completesRegistration(row, state);
  const updated = await ctx.db.transaction(async (tx) => {
    const after = await repo.updateMerchant(tx, row.id, state);
    if (after && after.type !== row.type) await recordAudit(tx, actor, merchantChange('merchant.migrated', after, row));
    if (after?.tipjarId && completes) await queuePayoutsReadyMails(ctx, tx, after);
    return after;
  });
  if (completes) ctx.outbox.kick();
  return toMerchantView(updated ?? row);
}

/**
 * The merchant once the provider accepted its migration. The recorded answer still says `consumer`
 * (with its old compliance): the migration is not refused, it shows on a later read, so the merchant
 * is read back once. Should that still say consumer, it is stored as the provider has it and its next
 * notification or refresh brings the change; nothing is made up.
 */
async function afterMigrate(ctx: AppContext, answer: OppMerchant): Promise<OppMerchant> {
  if (answer.type === 'business') return answer;
  try {
    const read = await ctx.opp.getMerchant(answer.uid);
    if (read.type !== 'business') {
      ctx.log.info({ merchantUid: answer.uid, type: read.type }, 'the provider does not show the migration yet');
    }
    return read;
  } catch (err) {
    ctx.log.warn({ err, merchantUid: answer.uid }, 'reading a merchant back after its migration failed');
    return answer;
  }
}

/**
 * Unlinks the merchant from the tip jar (the provider keeps it; it can be connected again). Platform
 * admins only: without a merchant the maker's money has nowhere to go.
 */
export async function disconnectMerchant(ctx: AppContext, actor: Actor, tipjarId: string): Promise<void> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteMerchantOfTipjar(tx, tipjarId);
    if (!removed) throw AppError.notFound('Merchant');
    await recordAudit(tx, actor, merchantChange('merchant.disconnected', removed));
  });
}

/**
 * The provider tells us when a merchant's status, compliance, bank account or contact changes; each
 * handler reads the merchant back (the notification carries no state) and refreshes our copy. app.ts
 * wires them, for its app, in the payment ledger.
 */
export function merchantNotificationHandlers(ctx: AppContext): Record<string, NotificationObjectHandler> {
  const onMerchantChild: NotificationObjectHandler = async (body) => {
    if (body.parent_type === 'merchant' && body.parent_uid) await refreshMerchantByUid(ctx, body.parent_uid);
  };
  return {
    merchant: (body) => refreshMerchantByUid(ctx, body.object_uid),
    bank_account: onMerchantChild,
    contact: onMerchantChild,
  };
}
