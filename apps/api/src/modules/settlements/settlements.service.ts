import {
  ErrorCode,
  type SETTLEMENT_SORTABLE,
  type Settlement,
  type SettlementList,
  type SettlementRow,
  type SettlementStatus,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import type { OppPartialList, OppSettlement, OppSettlementRow } from '../../payments/opp-client.js';
import { findMerchantOfTipjar } from '../merchants/merchants.queries.js';
import * as repo from './settlements.repository.js';

/**
 * Settlements (payouts) are the provider's: we read them live for the tip jar's merchant and map
 * them to our shape (docs/provider.md §5). Nothing is stored, so what the maker sees is what the
 * provider will pay.
 */

export type SettlementSortBy = (typeof SETTLEMENT_SORTABLE)[number];
export interface SettlementFilter {
  status?: SettlementStatus;
  tipjarId?: string;
}

/** How many merchants the global list asks the provider about at once. */
const PROVIDER_CONCURRENCY = 5;
/** A specification is paged by 100 rows; more than this many pages is not a tip jar's month. */
const MAX_ROW_PAGES = 50;
/** Settlements are paged by 100, one a month: more than this many pages is not a merchant's history. */
const MAX_SETTLEMENT_PAGES = 20;

/** What a walk over a provider list read: its items, and whether they are all of it. */
interface ReadList<T> {
  items: T[];
  complete: boolean;
}

/** What is read, for the log: the list's name, its one item's name, and whose it is. */
interface ListRead {
  items: 'settlements' | 'settlement rows';
  item: 'settlement' | 'settlement row';
  of: Record<string, string>;
}

/**
 * Every item of a provider list, page by page while it says there is more (`has_more`, or a
 * `last_page` beyond the page read). Never passed off as all of it when it is not: an item the client
 * could not parse (left out and logged), a page that repeats one already read (a provider answering
 * every page alike: the walk ends, so it can neither make us loop nor show its items twice) while
 * more was promised, or `maxPages` read with more still to come make the answer `complete: false`.
 */
async function readAllPages<T>(
  ctx: AppContext,
  list: ListRead,
  read: (page: number) => Promise<OppPartialList<T>>,
  maxPages: number,
): Promise<ReadList<T>> {
  const items: T[] = [];
  const pagesRead = new Set<string>();
  let complete = true;
  for (let page = 1; ; page += 1) {
    const answer = await read(page);
    for (const skipped of answer.skipped) {
      ctx.log.warn(
        { ...list.of, page, ...skipped },
        `a ${list.item} the provider answered was left out: it does not parse`,
      );
      complete = false;
    }
    const fingerprint = JSON.stringify([answer.data, answer.skipped]);
    if (answer.data.length === 0 && answer.skipped.length === 0) break;
    if (pagesRead.has(fingerprint)) {
      ctx.log.warn({ ...list.of, page }, `the provider answered a page of ${list.items} it had answered before`);
      complete = false;
      break;
    }
    pagesRead.add(fingerprint);
    items.push(...answer.data);
    if (!answer.hasMore && page >= answer.lastPage) break;
    if (page >= maxPages) {
      ctx.log.error(
        { ...list.of, pagesRead: page, itemsRead: items.length, totalItemCount: answer.totalItemCount },
        `${list.items} of the provider not read to the end: more after the last page we read`,
      );
      complete = false;
      break;
    }
  }
  return { items, complete };
}

function providerFailed(ctx: AppContext, err: unknown): AppError {
  ctx.log.error({ err }, 'reading settlements from the payment provider failed');
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached to read settlements');
}

const isoOf = (unixSeconds: number | null) =>
  unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString();

export function settlementStatusOf(providerStatus: string): SettlementStatus {
  switch (providerStatus) {
    case 'current':
    case 'open':
      return 'CURRENT';
    case 'paid':
      return 'PAID';
    case 'failed':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}

/**
 * What reaches the maker's bank account: `amount_paid` once the settlement is paid (a paid settlement
 * may report `amount_payable: 0`, docs/provider.md §5), before that what is payable.
 */
export function netOf(s: OppSettlement): number {
  return settlementStatusOf(s.status) === 'PAID' ? (s.amountPaid ?? s.amountPayable) : s.amountPayable;
}

/**
 * The provider's settlement in our terms, in cents. The provider gives the volume, its (negative)
 * transaction costs and the paid or payable amount; the platform fees are what lies between. The
 * payout date is the provider's own (never derived from the period): null when it names none.
 */
export function toSettlement(tipjarId: string, s: OppSettlement): Settlement {
  const gross = s.totalVolume;
  const costs = Math.abs(s.totalTransactionCosts);
  const net = netOf(s);
  return {
    id: s.uid,
    tipjarId,
    periodStart: isoOf(s.periodStart),
    periodEnd: isoOf(s.periodEnd),
    status: settlementStatusOf(s.status),
    gross,
    fees: Math.max(0, gross - costs - net),
    costs,
    net,
    paidAt: isoOf(s.paid),
    tipCount: s.numberOfTransactions,
  };
}

export async function readSettlements(ctx: AppContext, merchantUid: string): Promise<ReadList<OppSettlement>> {
  const list: ListRead = { items: 'settlements', item: 'settlement', of: { merchantUid } };
  try {
    const read = await readAllPages(
      ctx,
      list,
      (page) => ctx.opp.listSettlements(merchantUid, page),
      MAX_SETTLEMENT_PAGES,
    );
    // A settlement that moved to the next page while we read (a new month came first) is listed once.
    return { ...read, items: [...new Map(read.items.map((s) => [s.uid, s])).values()] };
  } catch (err) {
    throw providerFailed(ctx, err);
  }
}

/**
 * Filters, sorts (default: newest period first: the provider is not asked for an order) and windows
 * an in-memory list; `complete: false` says so in the answer.
 */
function toPage(
  all: Settlement[],
  query: ParsedListQuery<SettlementSortBy> & SettlementFilter,
  complete: boolean,
): SettlementList {
  const search = query.search?.toLowerCase();
  const rows = all.filter(
    (s) =>
      (!query.status || s.status === query.status) &&
      (!query.tipjarId || s.tipjarId === query.tipjarId) &&
      (!search || s.id.toLowerCase().includes(search) || (s.tipjarName ?? '').toLowerCase().includes(search)),
  );
  const sortBy = query.sortBy ?? 'periodStart';
  const direction = query.sortBy ? (query.sortDesc ? -1 : 1) : -1;
  rows.sort((a, b) => {
    const x = a[sortBy] ?? '';
    const y = b[sortBy] ?? '';
    const order = x < y ? -1 : x > y ? 1 : 0;
    return order * direction || a.id.localeCompare(b.id);
  });
  const metadata = { count: rows.length, ...(complete ? {} : { incomplete: true }) };
  return { data: rows.slice(query.skip, query.limit), metadata };
}

/** GET tipjars/{id}/settlements: its admins and platform admins; no merchant yet → nothing to pay out. */
export async function listTipjarSettlements(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: ParsedListQuery<SettlementSortBy> & SettlementFilter,
): Promise<SettlementList> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const merchant = await findMerchantOfTipjar(ctx.db, tipjar.id);
  if (!merchant) return { data: [], metadata: { count: 0 } };
  const settlements = await readSettlements(ctx, merchant.merchantUid);
  return toPage(
    settlements.items.map((s) => toSettlement(tipjar.id, s)),
    query,
    settlements.complete,
  );
}

function readRows(
  ctx: AppContext,
  settlementUid: string,
  specificationUid: string,
): Promise<ReadList<OppSettlementRow>> {
  const list: ListRead = { items: 'settlement rows', item: 'settlement row', of: { settlementUid, specificationUid } };
  return readAllPages(
    ctx,
    list,
    (page) => ctx.opp.listSettlementRows(settlementUid, specificationUid, page),
    MAX_ROW_PAGES,
  );
}

/** GET tipjars/{id}/settlements/{settlementId}: the settlement with its rows, each linked to our tip where known. */
export async function getTipjarSettlement(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  settlementId: string,
): Promise<Settlement> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const merchant = await findMerchantOfTipjar(ctx.db, tipjar.id);
  if (!merchant) throw AppError.notFound('Settlement');
  // Only the merchant's own settlements are looked up, so another jar's settlement id is a 404.
  const settlement = (await readSettlements(ctx, merchant.merchantUid)).items.find((s) => s.uid === settlementId);
  if (!settlement) throw AppError.notFound('Settlement');
  let perSpecification: ReadList<OppSettlementRow>[];
  try {
    perSpecification = await Promise.all(
      settlement.specificationUids.map((spec) => readRows(ctx, settlement.uid, spec)),
    );
  } catch (err) {
    throw providerFailed(ctx, err);
  }
  const providerRows = perSpecification.flatMap((read) => read.items);
  const tipIds = await repo.tipIdsOfTransactions(
    ctx.db,
    providerRows.map((r) => r.reference),
  );
  const rows: SettlementRow[] = providerRows.map((r) => ({
    tipId: tipIds.get(r.reference) ?? null,
    reference: r.reference,
    amount: r.amount,
    fee: Math.abs(r.totalPartnerFee),
    payable: r.amountPayable,
  }));
  const complete = perSpecification.every((read) => read.complete);
  return { ...toSettlement(tipjar.id, settlement), rows, ...(complete ? {} : { incomplete: true }) };
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * GET tipjars/settlements (platform admins): every registered tip jar's settlements. The provider
 * is asked per merchant (its partner-wide list does not name the merchant in the documented
 * fields), a few at a time; the tip jars come from one query.
 */
export async function listAllSettlements(
  ctx: AppContext,
  _admin: Actor,
  query: ParsedListQuery<SettlementSortBy> & SettlementFilter,
): Promise<SettlementList> {
  const merchants = (await repo.listRegisteredMerchants(ctx.db)).filter(
    (m) => !query.tipjarId || m.tipjarId === query.tipjarId,
  );
  const perMerchant = await mapLimit(merchants, PROVIDER_CONCURRENCY, (m) => readSettlements(ctx, m.merchantUid));
  const all = perMerchant.flatMap((read, i) =>
    read.items.map((s) => ({ ...toSettlement(merchants[i]!.tipjarId, s), tipjarName: merchants[i]!.tipjarName })),
  );
  return toPage(
    all,
    query,
    perMerchant.every((read) => read.complete),
  );
}
