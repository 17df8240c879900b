import { OppError } from './opp-transport.js';
import type { Metadata, OppList } from './opp-types.js';

/**
 * How a create whose answer was lost is found again (decision 071): OPP's lists are read newest
 * first, LOOKUP_PAGE_SIZE at a time, back to when our row was made (less LOOKUP_CLOCK_SLACK_SECONDS,
 * for the two clocks), at most LOOKUP_MAX_PAGES pages: a lookup costs 1 + ⌈(N + 1) / 100⌉ requests
 * with N objects made since our row (the first is the `filter[reference]` hint), 51 at the most.
 */
export const LOOKUP_MAX_PAGES = 50;
const LOOKUP_PAGE_SIZE = 100;
export const LOOKUP_CLOCK_SLACK_SECONDS = 5 * 60;

/** What identifies one create of ours at the provider, and since when it can exist. */
export interface OppLookup {
  /**
   * The reference the create carried: `filter[reference]` is asked first (a hint: a provider may
   * ignore the filter), and an object that echoes it exactly is ours. Recorded answers never echo it.
   */
  reference?: string;
  /**
   * Metadata pairs the create carried that name this one create (e.g. a charge and its attempt): an
   * object carrying all of them is ours. Empty: only the reference matches.
   */
  metadata: Metadata;
  /** When our row was made, before the create was sent: the lookup reads back to here (less the slack). */
  sentAfter: Date;
}

/**
 * A lookup that reached its page bound before it read back to our row's creation: no answer (status 0,
 * as any failed call), never "not found" — that would make the caller send the create again.
 */
export class OppLookupIncomplete extends OppError {
  constructor(message: string) {
    super(0, undefined, message);
    this.name = 'OppLookupIncomplete';
  }
}

/** Whether the provider's object is the one create `lookup` names. */
function isLookedFor(lookup: OppLookup, object: { reference: string | null; metadata: Metadata }): boolean {
  if (lookup.reference && object.reference === lookup.reference) return true;
  const pairs = Object.entries(lookup.metadata);
  return pairs.length > 0 && pairs.every(([key, value]) => object.metadata[key] === value);
}

/**
 * The order a list answers in, as far as the items seen show: `newest-first` once `created` fell and
 * never rose, `other` once it rose (oldest first, or no order at all), `unknown` while all are equal.
 */
type ListOrder = 'unknown' | 'newest-first' | 'other';

function orderAfter(order: ListOrder, before: number, next: number): ListOrder {
  if (order === 'other' || next === before) return order;
  return next < before ? 'newest-first' : 'other';
}

/** What a lookup reads of each object of a list. */
export interface SentObject {
  uid: string;
  created: number;
  reference: string | null;
  metadata: Metadata;
}

/**
 * The walk of OppClient.findTransactions and findMandates. First `filter[reference]` (one cheap call, enough
 * where the provider honours the filter and echoes the reference); then the whole list, asked newest
 * first, page after page. The order the pages come in is read off their `created`: only a list seen
 * to be newest first ends early, at the first object older than `sentAfter` less the slack; any other
 * is read to its end. A walk that ends neither way within LOOKUP_MAX_PAGES pages (or on a page
 * answered twice) fails, unless it found the object: an unfinished walk is never "not found".
 */
export async function lookUpSent<T extends SentObject>(
  path: string,
  lookup: OppLookup,
  read: (query: URLSearchParams) => Promise<OppList<T>>,
): Promise<T[]> {
  const oldestFirst = (found: Iterable<T>) => [...found].sort((a, b) => a.created - b.created);
  const perpage = String(LOOKUP_PAGE_SIZE);
  if (lookup.reference) {
    const q = new URLSearchParams({ 'filter[reference]': lookup.reference, perpage });
    const hinted = await read(q);
    const found = hinted.data.filter((item) => isLookedFor(lookup, item));
    if (found.length > 0) return oldestFirst(found);
  }
  const since = Math.floor(lookup.sentAfter.getTime() / 1000) - LOOKUP_CLOCK_SLACK_SECONDS;
  const found = new Map<string, T>();
  let order: ListOrder = 'unknown';
  let last: T | undefined;
  let previousPage = '';
  let page = 1;
  for (; page <= LOOKUP_MAX_PAGES; page++) {
    const q = new URLSearchParams({ 'order[]': '-created', perpage, page: String(page) });
    const list = await read(q);
    for (const item of list.data) {
      if (isLookedFor(lookup, item)) found.set(item.uid, item);
      if (last) order = orderAfter(order, last.created, item.created);
      last = item;
    }
    const ended = list.data.length === 0 || (!list.hasMore && list.currentPage >= list.lastPage);
    const pastRow = order === 'newest-first' && last !== undefined && last.created < since;
    if (ended || pastRow) return oldestFirst(found.values());
    const uids = list.data.map((item) => item.uid).join(' ');
    if (uids === previousPage) break; // the provider ignores `page`: reading on would not get further
    previousPage = uids;
  }
  if (found.size > 0) return oldestFirst(found.values());
  throw new OppLookupIncomplete(
    `looking up ${path} read ${Math.min(page, LOOKUP_MAX_PAGES)} pages without reaching ${new Date(since * 1000).toISOString()} (order seen: ${order})`,
  );
}
