/* The list query of table views, without zod: the web client (also the storefront's small entry) uses it. */

/** The default list query (docs/product.md §9): skip 0, limit 100, no sort, no search. */
export const DEFAULT_SKIP = 0;
export const DEFAULT_LIMIT = 100;
/** The most rows one list call may return. */
export const MAX_WINDOW = 1000;

export interface ListQuery {
  skip?: number;
  limit?: number;
  sortBy?: string;
  sortDesc?: boolean;
  search?: string;
}

export interface TableOptions {
  page?: number;
  itemsPerPage?: number;
  sortBy?: string | string[];
  sortDesc?: boolean | boolean[];
  search?: string;
}

/**
 * The paging conversion for table views (docs/product.md §5):
 * skip = page*itemsPerPage - itemsPerPage; limit = page*itemsPerPage;
 * sortBy and sortDesc reduced to their first element when given.
 * The API reads `limit` as the exclusive end of the window (see docs/domain-rules.md §2).
 */
export function toListQuery(options: TableOptions): ListQuery {
  const query: ListQuery = {};
  if (options.page !== undefined && options.itemsPerPage !== undefined) {
    query.skip = options.page * options.itemsPerPage - options.itemsPerPage;
    query.limit = options.page * options.itemsPerPage;
  }
  const sortBy = Array.isArray(options.sortBy) ? options.sortBy[0] : options.sortBy;
  const sortDesc = Array.isArray(options.sortDesc) ? options.sortDesc[0] : options.sortDesc;
  if (sortBy !== undefined && sortBy !== '') query.sortBy = sortBy;
  if (sortDesc !== undefined) query.sortDesc = sortDesc;
  if (options.search !== undefined && options.search !== '') query.search = options.search;
  return query;
}

/** Builds a query string, leaving out empty or undefined values (docs/product.md §5). */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
