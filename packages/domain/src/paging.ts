import { z } from 'zod';
import { ListCursorParamSchema, ListCursorsSchema } from './list-cursor.js';
import { DEFAULT_LIMIT, DEFAULT_SKIP, MAX_WINDOW } from './list-query.js';
import { singleLineText } from './schemas/fields.js';

export {
  decodeListCursor,
  encodeListCursor,
  LIST_CURSOR_MAX_LENGTH,
  type ListCursor,
  type ListCursorKey,
  ListCursorParamSchema,
  type ListCursors,
  ListCursorsSchema,
} from './list-cursor.js';

export {
  DEFAULT_LIMIT,
  DEFAULT_SKIP,
  type ListQuery,
  MAX_WINDOW,
  type TableOptions,
  toListQuery,
  toQueryString,
} from './list-query.js';

/** A yes/no query parameter: true, false, 1 or 0 (e.g. `?archived=true`). */
export const booleanQueryParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The `search` of a list or export: one line, like the search box it comes from. */
export const SearchParamSchema = singleLineText(200);

/**
 * Server side of the standard list query. `sortBy` is checked against the columns a list allows.
 * `limit` is the exclusive end of the window: rows skip … limit-1 (at most MAX_WINDOW rows).
 * `extra`: a list's own filters, in the same object (an intersection `.and()` parses the query twice
 * and merges the results: on a hot list that is measurable).
 */
export function listQuerySchema<
  const S extends readonly [string, ...string[]],
  const E extends z.core.$ZodLooseShape = Record<never, never>,
>(sortable: S, extra?: E) {
  return z
    .object({
      skip: z.coerce.number().int().min(0).default(DEFAULT_SKIP),
      limit: z.coerce.number().int().min(0).default(DEFAULT_LIMIT),
      sortBy: z.enum(sortable).optional(),
      sortDesc: booleanQueryParam.optional(),
      search: SearchParamSchema.optional(),
      ...(extra as E),
    })
    .refine((q) => windowOf(q as { skip: number; limit: number }) <= MAX_WINDOW, {
      message: `A list window holds at most ${MAX_WINDOW} rows (limit is the exclusive end, skip the start)`,
      path: ['limit'],
    });
}

/**
 * listQuerySchema of a list that also pages by cursor (decision 041): `after` / `before` a cursor
 * from the answer's metadata. The window (its size `limit - skip`) then starts right after, or ends
 * right before, that row: the rows skip/limit gives when the cursor is the row at `skip - 1` (or at
 * `limit`), read as an index range however deep.
 */
export function cursorListQuerySchema<
  const S extends readonly [string, ...string[]],
  const E extends z.core.$ZodLooseShape = Record<never, never>,
>(sortable: S, extra?: E) {
  return listQuerySchema(sortable, {
    after: ListCursorParamSchema.optional(),
    before: ListCursorParamSchema.optional(),
    ...(extra as E),
  }).refine(
    (q) => {
      const { after, before } = q as { after?: string; before?: string };
      return !(after && before);
    },
    { message: 'invalid', path: ['before'] },
  );
}

const windowOf = (q: { skip: number; limit: number }) => q.limit - q.skip;

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
  return z.object({ data: z.array(item), metadata: z.object({ count: z.number().int(), ...ListCursorsSchema.shape }) });
}

export interface ListResponse<T> {
  data: T[];
  /** `nextCursor` / `prevCursor` only from lists that page by cursor (decision 041). */
  metadata: { count: number; nextCursor?: string; prevCursor?: string };
}
