import { createHash } from 'node:crypto';
import {
  type CreateMerchantBody,
  DEFAULT_LOCALE,
  ErrorCode,
  type Locale,
  normalizePhoneNumber,
  type OppMerchantView,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import {
  type CreateMerchantInput,
  isIdempotencyKeyUsed,
  type OppBankAccount,
  OppError,
  type OppMerchant,
} from '../../payments/opp-client.js';
import { notifyUrlOf } from '../../payments/payments.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { findUserLocale } from '../users/users.queries.js';
import * as repo from './merchants.repository.js';
import {
  bankStateOf,
  defaultBankAccount,
  merchantChange,
  providerFailed,
  refreshMerchant,
  registrationUrl,
  saveMerchantState,
  stateOf,
  toMerchantView,
} from './merchants.service.js';

/**
 * A maker registers a tip jar with the payment provider (backoffice 'Registratie'), as the provider
 * has it: one merchant per e-mail address, a create whose answer may be lost, a repeated
 * Idempotency-Key it may not recognise (decision 011).
 */

type TipjarRow = Awaited<ReturnType<typeof loadManagedTipjar>>;

/**
 * Registers the maker with the provider: a consumer or business merchant per the tip jar's type, and
 * a bank account the maker verifies on the provider's page (no IBAN passes through us). One merchant
 * per tip jar, and the provider allows one merchant per e-mail address (decision 011).
 *
 * The merchant is stored as soon as the provider made it, before the bank account is asked for, so a
 * retry after a failed bank-account call continues with the same merchant. When the provider says the
 * address is taken, the merchant with that address is adopted if it is this tip jar's (an earlier
 * attempt whose answer was lost) or an unlinked one this maker registered; otherwise the maker is asked
 * for another address (field error on `data.email`).
 */
export async function createMerchant(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: CreateMerchantBody['data'],
): Promise<OppMerchantView> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const existing = await repo.findMerchantOfTipjar(ctx.db, tipjarId);
  if (existing?.bankAccountUid) {
    throw AppError.because(ErrorCode.Conflict, 'merchantRegistered');
  }
  // The page the maker registers from decides; the stored language only when the page did not say.
  const locale = data.locale ?? (await findUserLocale(ctx.db, actor.userId)) ?? DEFAULT_LOCALE;
  const returnUrl = registrationUrl(ctx, tipjar.slug, locale);
  const row =
    existing ??
    (await registerAtProvider(ctx, actor, tipjar, merchantRequest(ctx, actor, tipjar, data, locale, returnUrl)));
  return toMerchantView(await ensureBankAccount(ctx, row, returnUrl));
}

/** What the provider gets for a new merchant (docs/provider.md §1.1). */
function merchantRequest(
  ctx: AppContext,
  actor: Actor,
  tipjar: TipjarRow,
  data: CreateMerchantBody['data'],
  locale: Locale,
  returnUrl: string,
): CreateMerchantInput {
  const isBusiness = tipjar.type === 'BUSINESS';
  if (isBusiness) {
    // The legal entity is the tip jar's company (its settings): both are needed before registering.
    const missing = {
      ...(tipjar.companyName ? {} : { 'data.companyName': { key: 'required' as const } }),
      ...(tipjar.cocNumber ? {} : { 'data.cocNumber': { key: 'required' as const } }),
    };
    if (Object.keys(missing).length > 0) {
      throw AppError.because(ErrorCode.Validation, 'businessNeedsCompany', { fields: missing });
    }
  }
  const phone = (normalizePhoneNumber(tipjar.contactPhone ?? '') ?? '').replace(/^\+/, '');
  return {
    type: isBusiness ? 'business' : 'consumer',
    country: data.country,
    emailaddress: (data.email ?? tipjar.contactEmail).trim().toLowerCase(),
    ...(phone ? { phone } : {}),
    notify_url: notifyUrlOf(ctx),
    return_url: returnUrl,
    // The maker reads the provider's verification screens and mails in their own language: that of our
    // pages (en/nl). Never a `fr` guessed from Belgium: Flemish makers are Belgian too (decision 011).
    locale,
    ...(isBusiness
      ? {
          legal_name: tipjar.companyName!,
          coc_nr: tipjar.cocNumber!,
          ...(tipjar.vatNumber ? { vat_nr: tipjar.vatNumber } : {}),
          trading_names: [{ name: tipjar.name }],
        }
      : { name_first: data.firstName, name_last: data.lastName }),
    metadata: { tipjar_id: tipjar.id, user_id: actor.userId },
  };
}

/**
 * Idempotency-Key of a merchant create: the tip jar and the request itself, so a retry of the same
 * request is the same create while a corrected one (another address) is a new one, whatever the
 * provider does with a key it has seen fail.
 */
function merchantKey(tipjarId: string, request: CreateMerchantInput): string {
  return `merchant-${tipjarId}-${createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16)}`;
}

async function registerAtProvider(
  ctx: AppContext,
  actor: Actor,
  tipjar: TipjarRow,
  request: CreateMerchantInput,
): Promise<repo.MerchantRow> {
  let merchant: OppMerchant;
  try {
    merchant = await ctx.opp.createMerchant(request, merchantKey(tipjar.id, request));
  } catch (err) {
    // The address is taken, or the key was used (a provider that refuses a repeated key): either way
    // an earlier attempt of ours may have made the merchant and lost its answer.
    const emailTaken = isEmailTakenAtProvider(err);
    if (!emailTaken && !isIdempotencyKeyUsed(err)) throw refusedFields(err) ?? providerFailed(ctx, err);
    const own = await adoptOwnMerchant(ctx, actor, tipjar, request);
    if (!own) throw emailTaken ? merchantEmailTaken() : providerFailed(ctx, err);
    merchant = own;
  }
  return linkMerchant(ctx, actor, tipjar.id, merchant);
}

/**
 * The provider's merchant with this address, when it is ours to continue with (see createMerchant):
 * whose it is is decided by the metadata we sent with it (the provider's answers carry no address), the
 * address only by the provider's filter. A maker's own unlinked merchant is marked as this tip jar's
 * once adopted, so what we sent keeps naming the tip jar it belongs to.
 */
async function adoptOwnMerchant(
  ctx: AppContext,
  actor: Actor,
  tipjar: TipjarRow,
  request: CreateMerchantInput,
): Promise<OppMerchant | null> {
  let candidates: OppMerchant[];
  try {
    candidates = await ctx.opp.findMerchantsByEmail(request.emailaddress);
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  for (const merchant of candidates) {
    const ofThisTipjar = merchant.metadata.tipjar_id === tipjar.id;
    const unlinkedOfThisMaker =
      merchant.metadata.user_id === actor.userId &&
      merchant.type === request.type &&
      !(await repo.findMerchantByUid(ctx.db, merchant.uid));
    if (ofThisTipjar || unlinkedOfThisMaker) {
      ctx.log.info({ tipjarId: tipjar.id, merchantUid: merchant.uid }, 'adopting the existing merchant of this e-mail');
      if (!ofThisTipjar) await markAsTipjars(ctx, merchant, request);
      return merchant;
    }
  }
  return null;
}

/** Our metadata on an adopted merchant names the tip jar it now belongs to (best effort: adoption stands). */
async function markAsTipjars(ctx: AppContext, merchant: OppMerchant, request: CreateMerchantInput) {
  try {
    await ctx.opp.updateMerchant(merchant.uid, { metadata: request.metadata });
  } catch (err) {
    ctx.log.warn({ err, merchantUid: merchant.uid }, 'could not mark an adopted merchant with its new tip jar');
  }
}

/** Stores the link at once. A concurrent request for the same tip jar may have stored it first: answer that. */
async function linkMerchant(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  merchant: OppMerchant,
): Promise<repo.MerchantRow> {
  const inserted = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertMerchant(tx, {
      tipjarId,
      merchantUid: merchant.uid,
      ...(stateOf(merchant, null) as Required<
        Pick<repo.NewMerchantRow, 'type' | 'merchantStatus' | 'complianceStatus'>
      >),
    });
    if (row) await recordAudit(tx, actor, merchantChange('merchant.registered', row));
    return row;
  });
  if (inserted) return inserted;
  const row = await repo.findMerchantOfTipjar(ctx.db, tipjarId);
  // Not this tip jar's: the merchant is linked to another tip jar.
  if (!row) throw merchantEmailTaken();
  return row;
}

/**
 * The merchant's default bank account: the one it has (an adopted merchant, or an earlier attempt
 * whose answer was lost), else a new one to verify on the provider's page.
 */
async function ensureBankAccount(ctx: AppContext, row: repo.MerchantRow, returnUrl: string) {
  let bank: OppBankAccount;
  try {
    bank =
      (await defaultBankAccount(ctx, row.merchantUid)) ??
      (await ctx.opp.createBankAccount(
        row.merchantUid,
        { return_url: returnUrl, notify_url: notifyUrlOf(ctx), is_default: true },
        `bank-account-${row.merchantUid}`,
      ));
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  const updated = (await saveMerchantState(ctx, row, bankStateOf(bank))) ?? row;
  // A bank account changes the merchant's requirements: show them at once (best effort).
  return refreshMerchant(ctx, updated);
}

/**
 * The provider refused the e-mail address: it allows one merchant per address and names the field in
 * `error.parameters.emailaddress` (docs/provider.md §12; the status code is not documented, so any 4xx).
 */
function isEmailTakenAtProvider(err: unknown): boolean {
  return isRefusal(err) && 'emailaddress' in err.parameters;
}

function isRefusal(err: unknown): err is OppError {
  return err instanceof OppError && err.status >= 400 && err.status < 500;
}

/**
 * The provider's request fields the maker can correct, and where: this form, or the tip jar's settings.
 * (The country is chosen from the countries we offer: a refusal of it is ours to fix, not the maker's.)
 */
const FIELD_OF_PROVIDER_FIELD: Record<string, string> = {
  name_first: 'data.firstName',
  name_last: 'data.lastName',
  coc_nr: 'data.cocNumber',
  legal_name: 'data.companyName',
};

/**
 * A 400 naming the fields the provider refused, with its own words (`error.parameters`), when every
 * refused field is one the maker can correct; null otherwise (our request is wrong: a provider failure).
 */
function refusedFields(err: unknown): AppError | null {
  if (!isRefusal(err)) return null;
  const refused = Object.entries(err.parameters);
  if (refused.length === 0 || !refused.every(([name]) => name in FIELD_OF_PROVIDER_FIELD)) return null;
  const fields = Object.fromEntries(
    refused.map(([name, messages]) => [
      FIELD_OF_PROVIDER_FIELD[name]!,
      { key: 'providerRejected' as const, params: { message: messages.join(' ') || name } },
    ]),
  );
  return AppError.because(ErrorCode.Validation, 'providerRejectedDetails', { fields });
}

function merchantEmailTaken(): AppError {
  return AppError.field(
    ErrorCode.EmailTaken,
    'data.email',
    { key: 'merchantEmailTaken' },
    'This e-mail address is already registered with the payment provider; use another address for this tip jar',
  );
}
