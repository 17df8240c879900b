/** OPP's list answers: paging, the envelope, the filters. */
import type { SimDb } from './host.js';
import type { SimProviderModes } from './provider-modes.js';
import * as repo from './repository.js';

export type ListQuery = { page?: number; perpage?: number; status?: string };

/** The list filters beyond status: our reference (exact), created at or after a Unix second, oldest first. */
export type ListFilters = { reference?: string; createdFrom?: number; oldestFirst?: boolean };

/** The most items OPP answers on one page of a list. */
export const MAX_PER_PAGE = 100;

/** OPP's paging (`page`, `perpage` 1–100, default 10) as a row window; `maxPerPage` may cap it lower. */
export function pageOf(query: ListQuery, maxPerPage = MAX_PER_PAGE) {
  const perpage = Math.min(maxPerPage, Math.max(1, query.perpage ?? 10));
  const page = Math.max(1, query.page ?? 1);
  return { page, perpage, window: { offset: (page - 1) * perpage, limit: perpage } };
}

/**
 * One page of a list held in memory (settlements, their rows): the window `page`/`perpage` asks for,
 * so a client that follows `has_more` reads each item once, as with the lists read from the table.
 */
export function listPageOf(url: string, all: unknown[], query: ListQuery, maxPerPage = MAX_PER_PAGE) {
  const { page, perpage, window } = pageOf(query, maxPerPage);
  return listEnvelope(url, all.slice(window.offset, window.offset + window.limit), all.length, page, perpage);
}

export function listEnvelope(url: string, data: unknown[], total: number, page: number, perpage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perpage));
  return {
    object: 'list',
    url,
    has_more: page < lastPage,
    total_item_count: total,
    items_per_page: perpage,
    current_page: page,
    last_page: lastPage,
    data,
  };
}

/**
 * A page of objects of one type, the filters applied, in OPP's envelope. With `references: dropped`
 * only `filter[status]` is known: the reference, created and order filters are ignored, so the list
 * comes whole, newest first, as a provider answers filters it does not know.
 */
export async function listFiltered(
  db: SimDb,
  modes: SimProviderModes,
  objectType: string,
  url: string,
  query: ListQuery & ListFilters,
) {
  const { page, perpage, window } = pageOf(query);
  const known = modes.references === 'echoed';
  const { rows, total } = await repo.listObjects(db, objectType, {
    ...window,
    status: query.status,
    ...(known ? { reference: query.reference, createdFrom: query.createdFrom, oldestFirst: query.oldestFirst } : {}),
  });
  return listEnvelope(url, rows, total, page, perpage);
}
