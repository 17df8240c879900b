/**
 * The provider's JSON parsed with zod and mapped to our types (opp-types.ts): lenient where the
 * provider may omit a field or send a number as a string, strict where a missing value would leave
 * us with `undefined`.
 */
import { z } from 'zod';
import type {
  Metadata,
  OppBankAccount,
  OppList,
  OppMandate,
  OppMerchant,
  OppPartialList,
  OppRefund,
  OppRequirement,
  OppSettlement,
  OppSettlementRow,
  OppSkippedItem,
  OppTransaction,
} from './opp-types.js';

/** A number; the provider may send it as a string ("250"). Absent or null → null. */
const num = z
  .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().nullish())
  .transform((v) => v ?? null);
/** Text (a number is taken as its digits). Absent or null → null. */
const str = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
/** The one field an object cannot do without. */
const uid = z.string().min(1);
/** Only a JSON `true` is true. */
const flag = z
  .unknown()
  .optional()
  .transform((v) => v === true);
const metadata = z
  .unknown()
  .optional()
  .transform((v) => parseMetadata(v));
const listOf = <T extends z.ZodType>(item: T) => z.array(item).nullish();
/** What every top-level provider object carries, and its mapping. */
const objectFields = { uid, livemode: flag, created: num, updated: num };
const objectOf = (raw: { uid: string; livemode: boolean; created: number | null; updated: number | null }) => ({
  uid: raw.uid,
  livemode: raw.livemode,
  created: raw.created ?? 0,
  updated: raw.updated ?? 0,
});

/** OPP answers metadata as `[{key,value}]`; older objects may carry a plain object. */
export function parseMetadata(value: unknown): Metadata {
  const out: Metadata = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      const key = (entry as { key?: unknown } | null)?.key;
      if (typeof key === 'string') out[key] = String((entry as { value?: unknown }).value ?? '');
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) out[key] = String(v ?? '');
  }
  return out;
}

export const TransactionSchema = z
  .object({
    ...objectFields,
    completed: num,
    merchant_uid: str,
    status: str,
    amount: num,
    total_price: num,
    payment_method: str,
    redirect_url: str,
    return_url: str,
    notify_url: str,
    statuses: listOf(z.object({ uid: str, status: str, created: num })),
    mandate_uid: str,
    reference: str,
    metadata,
  })
  .transform(
    (raw): OppTransaction => ({
      ...objectOf(raw),
      completed: raw.completed,
      merchantUid: raw.merchant_uid ?? '',
      status: raw.status ?? '',
      // The request says total_price; the answer says amount (docs/provider.md §2.2).
      amount: raw.amount ?? raw.total_price ?? null,
      paymentMethod: raw.payment_method,
      redirectUrl: raw.redirect_url,
      returnUrl: raw.return_url,
      notifyUrl: raw.notify_url,
      statuses: (raw.statuses ?? []).map((s) => ({
        uid: s.uid ?? '',
        status: s.status ?? '',
        created: s.created ?? 0,
      })),
      mandateUid: raw.mandate_uid,
      reference: raw.reference,
      metadata: raw.metadata,
    }),
  );

export const RequirementSchema = z
  .object({ type: str, status: str, object_type: str, object_uid: str, object_url: str, object_redirect_url: str })
  .transform(
    (r): OppRequirement => ({
      type: r.type ?? '',
      status: r.status ?? '',
      objectType: r.object_type,
      objectUid: r.object_uid,
      objectUrl: r.object_url,
      objectRedirectUrl: r.object_redirect_url,
    }),
  );

export const MerchantSchema = z
  .object({
    ...objectFields,
    status: str,
    type: str,
    name: str,
    emailaddress: str,
    phone: str,
    country: str,
    coc_nr: str,
    vat_nr: str,
    compliance: z
      .object({ level: num, status: str, overview_url: str, requirements: listOf(RequirementSchema) })
      .nullish(),
    notify_url: str,
    return_url: str,
    metadata,
  })
  .transform(
    (raw): OppMerchant => ({
      ...objectOf(raw),
      status: raw.status ?? '',
      type: raw.type ?? '',
      name: raw.name,
      emailaddress: raw.emailaddress,
      phone: raw.phone,
      country: raw.country,
      cocNr: raw.coc_nr,
      vatNr: raw.vat_nr,
      compliance: {
        level: raw.compliance?.level ?? null,
        status: raw.compliance?.status ?? '',
        overviewUrl: raw.compliance?.overview_url ?? null,
        requirements: raw.compliance?.requirements ?? [],
      },
      notifyUrl: raw.notify_url,
      returnUrl: raw.return_url,
      metadata: raw.metadata,
    }),
  );

export const BankAccountSchema = z
  .object({
    uid,
    created: num,
    updated: num,
    verified: num,
    verification_url: str,
    status: str,
    account: z.object({ account_iban: str }).nullish(),
    bank: z.object({ bic: str }).nullish(),
    is_default: flag,
  })
  .transform(
    (raw): OppBankAccount => ({
      uid: raw.uid,
      created: raw.created ?? 0,
      updated: raw.updated ?? 0,
      verified: raw.verified,
      verificationUrl: raw.verification_url,
      status: raw.status ?? '',
      iban: raw.account?.account_iban ?? null,
      bic: raw.bank?.bic ?? null,
      isDefault: raw.is_default,
    }),
  );

export const RefundSchema = z
  .object({ uid, created: num, paid: num, amount: num, status: str, message: str, payout_description: str })
  .transform(
    (raw): OppRefund => ({
      uid: raw.uid,
      created: raw.created ?? 0,
      paid: raw.paid,
      amount: raw.amount ?? 0,
      status: raw.status ?? '',
      message: raw.message,
      payoutDescription: raw.payout_description,
    }),
  );

/**
 * A mandate. Its checkout link is `redirect_url` in one SDK's answer and `mandate_url` in another's
 * (docs/sandbox-checklist.md): either is taken. The answer is kept whole as well (`answer`, fields we
 * do not read included), for the log when it lacks what we need.
 */
export const MandateSchema = z
  .looseObject({
    uid,
    created: num,
    status: str,
    token: str,
    redirect_url: str,
    mandate_url: str,
    amount: num,
    mandate_amount: num,
    merchant_uid: str,
    transaction_uid: str,
    reference: str,
    metadata,
  })
  .transform(
    (raw): OppMandate => ({
      uid: raw.uid,
      created: raw.created ?? 0,
      status: raw.status ?? '',
      token: raw.token,
      redirectUrl: raw.redirect_url ?? raw.mandate_url,
      amount: raw.amount ?? raw.mandate_amount,
      merchantUid: raw.merchant_uid,
      transactionUid: raw.transaction_uid,
      reference: raw.reference,
      metadata: raw.metadata,
      answer: raw,
    }),
  );

/**
 * An expanded `specifications` as a list: the provider has been seen sending it as a list, as
 * `{ data: [...] }` and as one object (docs/sandbox-checklist.md). Anything else stays as it is and
 * fails the settlement's parse.
 */
function specificationsAsList(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const data = (value as { data?: unknown }).data;
  return Array.isArray(data) ? data : [value];
}

export const SettlementSchema = z
  .object({
    uid,
    status: str,
    period_start: num,
    period_end: num,
    total_amount: num,
    amount_paid: num,
    amount_payable: num,
    number_of_transactions: num,
    total_number_of_transactions: num,
    total_transaction_costs: num,
    total_volume: num,
    transaction_volume: num,
    paid: num,
    date_paid: num,
    specifications: z.preprocess(specificationsAsList, listOf(z.object({ uid: str }))),
  })
  .transform(
    (raw): OppSettlement => ({
      uid: raw.uid,
      status: raw.status ?? '',
      periodStart: raw.period_start,
      periodEnd: raw.period_end,
      totalAmount: raw.total_amount ?? 0,
      amountPaid: raw.amount_paid,
      amountPayable: raw.amount_payable ?? 0,
      numberOfTransactions: raw.number_of_transactions ?? raw.total_number_of_transactions ?? 0,
      totalTransactionCosts: raw.total_transaction_costs ?? 0,
      totalVolume: raw.total_volume ?? raw.transaction_volume ?? 0,
      paid: raw.paid ?? raw.date_paid,
      specificationUids: (raw.specifications ?? []).map((spec) => spec.uid ?? '').filter(Boolean),
    }),
  );

export const SettlementRowSchema = z
  .object({ type: str, reference: str, amount: num, total_partner_fee: num, amount_payable: num })
  .transform(
    (raw): OppSettlementRow => ({
      type: raw.type ?? '',
      reference: raw.reference ?? '',
      amount: raw.amount ?? 0,
      totalPartnerFee: raw.total_partner_fee ?? 0,
      amountPayable: raw.amount_payable ?? 0,
    }),
  );

/** The list envelope around `data`. */
export function listSchema<T>(item: z.ZodType<T>) {
  return z
    .object({ data: listOf(item), has_more: flag, total_item_count: num, current_page: num, last_page: num })
    .transform(
      (raw): OppList<T> => ({
        data: raw.data ?? [],
        hasMore: raw.has_more,
        totalItemCount: raw.total_item_count ?? raw.data?.length ?? 0,
        currentPage: raw.current_page ?? 1,
        lastPage: raw.last_page ?? 1,
      }),
    );
}

/**
 * A list envelope whose items are parsed one by one: an item that does not fit is left out and named
 * in `skipped` (where it stood, its uid if it has one, what was wrong), so one bad settlement or row
 * never fails the others. The envelope itself must still fit.
 */
export function listSkippingBadItems<T>(item: z.ZodType<T>) {
  return listSchema(z.unknown()).transform((list): OppPartialList<T> => {
    const data: T[] = [];
    const skipped: OppSkippedItem[] = [];
    list.data.forEach((raw, index) => {
      const parsed = item.safeParse(raw);
      if (parsed.success) data.push(parsed.data);
      else skipped.push({ index, uid: uidOf(raw), problem: describeIssues(parsed.error) });
    });
    return { ...list, data, skipped };
  });
}

function uidOf(raw: unknown): string | null {
  const value = raw && typeof raw === 'object' ? (raw as { uid?: unknown }).uid : undefined;
  return typeof value === 'string' ? value : null;
}

export const IssuersSchema = z.object({ data: listOf(z.object({ bic: z.string(), name: z.string() })) });

/**
 * The provider's field messages (`error.parameters`), as field → messages. Its shape is not documented:
 * integrations read `parameters.emailaddress` (docs/provider.md §12), so a field may carry one message, a
 * list of them, or — for nested request fields — an object of its own, flattened to dotted paths.
 */
export function fieldMessages(value: unknown, prefix = '', depth = 0): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 3) return out;
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === 'string' || typeof v === 'number') out[path] = [String(v)];
    else if (Array.isArray(v)) out[path] = v.filter((m) => typeof m === 'string' || typeof m === 'number').map(String);
    else if (v && typeof v === 'object') Object.assign(out, fieldMessages(v, path, depth + 1));
    else out[path] = [];
  }
  return out;
}

/**
 * An error answer, `{"error":{"code","message","parameters"?}}` (docs/provider.md §0). Lenient: a body
 * that does not fit (an HTML page from a proxy, nothing at all) is still an error, just without detail.
 */
export const ErrorBodySchema = z
  .object({
    error: z
      .object({ code: z.union([z.string(), z.number()]).nullish(), message: str, parameters: z.unknown().optional() })
      .nullish(),
  })
  .catch({ error: null })
  .transform((raw) => ({
    code: raw.error?.code ?? null,
    message: raw.error?.message ?? null,
    parameters: fieldMessages(raw.error?.parameters),
  }));

/** "uid: expected string, received undefined; amount: …": which fields of an answer were wrong. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}
