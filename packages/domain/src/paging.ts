import { z } from 'zod';
import { singleLineText } from './field-schemas.js';

/** The spec's default list query: skip 0, limit 100, no sort, no search. */
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
 * The spec's paging conversion for table views:
 * skip = page*itemsPerPage - itemsPerPage; limit = page*itemsPerPage;
 * sortBy and sortDesc reduced to their first element when given.
 * The API reads `limit` as the exclusive end of the window (see DESIGN.md §3).
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

/** Builds a query string, leaving out empty or undefined values (spec §5). */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** A yes/no query parameter: true, false, 1 or 0 (e.g. `?archived=true`). */
export const booleanQueryParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The `search` of a list or export: one line, like the search box it comes from. */
export const SearchParamSchema = singleLineText(200);

/**
 * Server side of the standard list query. `sortBy` is checked against the columns a list allows.
 * `limit` is the exclusive end of the window: rows skip … limit-1 (at most MAX_WINDOW rows).
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z
    .object({
      skip: z.coerce.number().int().min(0).default(DEFAULT_SKIP),
      limit: z.coerce.number().int().min(0).default(DEFAULT_LIMIT),
      sortBy: z.enum(sortable).optional(),
      sortDesc: booleanQueryParam.optional(),
      search: SearchParamSchema.optional(),
    })
    .refine((q) => q.limit - q.skip <= MAX_WINDOW, {
      message: `A list window holds at most ${MAX_WINDOW} rows (limit is the exclusive end, skip the start)`,
      path: ['limit'],
    });
}

/** The years a date filter may name: older or later dates are no filter anyone means, and PostgreSQL refuses year 0. */
export const DATE_QUERY_YEARS = { min: 1970, max: 9999 } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** The last instant of year 9999: a `to` of 9999-12-31 (or with an offset) would otherwise step into year 10000. */
const LATEST = Date.UTC(DATE_QUERY_YEARS.max, 11, 31, 23, 59, 59, 999);

/**
 * A date filter of a list query: ISO 8601 date or date-time, in the years of DATE_QUERY_YEARS.
 * A bare date as `to` includes that whole (UTC) day.
 */
export function dateQueryParam(kind: 'from' | 'to') {
  return z
    .string()
    .trim()
    .refine((s) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(s)), { message: 'format', abort: true })
    .refine(
      (s) => {
        const year = Number(s.slice(0, 4));
        return year >= DATE_QUERY_YEARS.min && year <= DATE_QUERY_YEARS.max;
      },
      { message: 'invalid' },
    )
    .transform((s) => {
      const date = new Date(s);
      if (kind === 'to' && s.length === 10) date.setUTCDate(date.getUTCDate() + 1);
      return new Date(Math.min(date.getTime(), LATEST));
    });
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), metadata: z.object({ count: z.number().int() }) });
}

export interface ListResponse<T> {
  data: T[];
  metadata: { count: number };
}
