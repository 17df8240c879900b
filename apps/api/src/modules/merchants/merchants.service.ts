import type { MigrateMerchantBodySchema } from '@podpot/domain';
import {
  appUrl,
  type CreateMerchantBody,
  DEFAULT_LOCALE,
  ErrorCode,
  isRegistrationComplete,
  type Locale,
  normalizePhoneNumber,
  type OppMerchantView,
} from '@podpot/domain';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { OppBankAccount, OppMerchant } from '../../payments/opp-client.js';
import { type NotificationObjectHandler, notifyUrlOf } from '../../payments/payments.service.js';
import { findUserLocale } from '../users/users.repository.js';
import * as repo from './merchants.repository.js';

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
    registrationComplete: isRegistrationComplete({
      complianceStatus: row.complianceStatus,
      merchantStatus: row.merchantStatus,
    }),
    updated: row.updated.toISOString(),
  };
}

/** The `oppMerchant` field of a tip jar (spec §3). */
export function toMerchantRef(row: repo.MerchantRow | undefined) {
  return row ? { complianceStatus: row.complianceStatus, merchantStatus: row.merchantStatus } : null;
}

/** Our copy of the provider's merchant (and its default bank account). */
function stateOf(merchant: OppMerchant, bank: OppBankAccount | null): Partial<repo.NewMerchantRow> {
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
    ...(bank
      ? {
          bankAccountUid: bank.uid,
          bankAccountStatus: bank.status,
          bankAccountVerificationUrl: bank.verificationUrl,
          bankAccountIban: bank.iban,
        }
      : {}),
  };
}

function providerFailed(ctx: AppContext, err: unknown): AppError {
  ctx.log.error({ err }, 'payment provider call for a merchant failed');
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; please try again');
}

/** Where the provider sends the maker back after verifying: the registration page, in the maker's language. */
function registrationUrl(ctx: AppContext, slug: string, locale: Locale) {
  return appUrl(ctx.config.publicUrl, 'backofficeRegistration', { tipjarslug: slug }, locale);
}

async function defaultBankAccount(ctx: AppContext, merchantUid: string): Promise<OppBankAccount | null> {
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
  return (await repo.updateMerchant(ctx.db, row.id, stateOf(merchant, bank))) ?? row;
}

/** Notification for a merchant or one of its bank accounts: refresh our copy if it is ours. */
export async function refreshMerchantByUid(ctx: AppContext, merchantUid: string): Promise<void> {
  const row = await repo.findMerchantByUid(ctx.db, merchantUid);
  if (row) await refreshMerchant(ctx, row);
}

/**
 * Registers the maker with the provider: a consumer or business merchant per the tip jar's type, and
 * a bank account the maker verifies on the provider's page (no IBAN passes through us). Idempotency keys
 * derive from the tip jar id, so a retried request gets the same merchant and bank account.
 */
export async function createMerchant(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: CreateMerchantBody['data'],
): Promise<OppMerchantView> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  if (await repo.findMerchantOfTipjar(ctx.db, tipjarId)) {
    throw new AppError(ErrorCode.Conflict, 'This tip jar is already registered with the payment provider');
  }
  const isBusiness = tipjar.type === 'BUSINESS';
  if (isBusiness && !tipjar.cocNumber) {
    throw AppError.field(
      ErrorCode.Validation,
      'data.cocNumber',
      { key: 'required' },
      'A business needs a CoC number first',
    );
  }
  const phone = (normalizePhoneNumber(tipjar.contactPhone ?? '') ?? '').replace(/^\+/, '');
  const returnUrl = registrationUrl(ctx, tipjar.slug, (await findUserLocale(ctx.db, actor.userId)) ?? DEFAULT_LOCALE);
  let merchant: OppMerchant;
  let bank: OppBankAccount;
  try {
    merchant = await ctx.opp.createMerchant(
      {
        type: isBusiness ? 'business' : 'consumer',
        country: data.country,
        emailaddress: tipjar.contactEmail,
        phone,
        notify_url: notifyUrlOf(ctx),
        return_url: returnUrl,
        ...(isBusiness
          ? {
              coc_nr: tipjar.cocNumber ?? undefined,
              vat_nr: tipjar.vatNumber ?? undefined,
              legal_name: tipjar.companyName ?? undefined,
            }
          : { name_first: data.firstName, name_last: data.lastName }),
        metadata: { tipjar_id: tipjar.id },
      },
      `merchant-${tipjar.id}`,
    );
    bank = await ctx.opp.createBankAccount(
      merchant.uid,
      { return_url: returnUrl, notify_url: notifyUrlOf(ctx), is_default: true },
      `bank-account-${tipjar.id}`,
    );
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  const inserted = await repo.insertMerchant(ctx.db, {
    tipjarId,
    merchantUid: merchant.uid,
    ...(stateOf(merchant, bank) as Required<Pick<repo.NewMerchantRow, 'type' | 'merchantStatus' | 'complianceStatus'>>),
  });
  // A concurrent request won the insert with the same (idempotent) merchant: answer that one.
  const row = inserted ?? (await repo.findMerchantOfTipjar(ctx.db, tipjarId));
  return toMerchantView(row!);
}

/** Links an existing merchant of our partner account to a tip jar (platform admins only). */
export async function connectMerchant(ctx: AppContext, actor: Actor, tipjarId: string, merchantUid: string) {
  // Its own admins learn 403 (they know the tip jar); strangers 404 like everywhere else.
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  if (await repo.findMerchantOfTipjar(ctx.db, tipjarId)) {
    throw new AppError(ErrorCode.Conflict, 'Disconnect the current merchant first');
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
  const row = await repo.insertMerchant(ctx.db, {
    tipjarId,
    merchantUid,
    ...(stateOf(merchant, bank) as Required<Pick<repo.NewMerchantRow, 'type' | 'merchantStatus' | 'complianceStatus'>>),
  });
  if (!row) throw new AppError(ErrorCode.Conflict, 'Disconnect the current merchant first');
  return toMerchantView(row);
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
  if (row.type !== 'consumer') throw new AppError(ErrorCode.Conflict, 'Only a consumer merchant can be migrated');
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
  const updated = await repo.updateMerchant(ctx.db, row.id, stateOf(merchant, null));
  return toMerchantView(updated ?? row);
}

/**
 * Unlinks the merchant from the tip jar (the provider keeps it; it can be connected again). Platform
 * admins only: without a merchant the maker's money has nowhere to go.
 */
export async function disconnectMerchant(ctx: AppContext, actor: Actor, tipjarId: string): Promise<void> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  assertAdmin(actor);
  if (!(await repo.deleteMerchantOfTipjar(ctx.db, tipjarId))) throw AppError.notFound('Merchant');
}

/**
 * The provider tells us when a merchant's status, compliance, bank account or contact changes; each
 * handler reads the merchant back (the notification carries no state) and refreshes our copy.
 */
const onMerchantChild: NotificationObjectHandler = async (ctx, body) => {
  if (body.parent_type === 'merchant' && body.parent_uid) await refreshMerchantByUid(ctx, body.parent_uid);
};
export const merchantNotificationHandlers: Record<string, NotificationObjectHandler> = {
  merchant: (ctx, body) => refreshMerchantByUid(ctx, body.object_uid),
  bank_account: onMerchantChild,
  contact: onMerchantChild,
};
