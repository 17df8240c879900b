import { decodeListCursor, ErrorCode, encodeListCursor, type ListCursorKey } from '@podpot/domain';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.js';

/** The parsed standard list query (see domain `listQuerySchema`). */
export interface ParsedListQuery<S extends string = string> {
  skip: number;
  limit: number;
  sortBy?: S;
  sortDesc?: boolean;
  search?: string;
  /** A cursor: the window starts right after that row (cursorListQuerySchema, decision 041). */
  after?: string;
  /** A cursor: the window ends right before that row. */
  before?: string;
}

/**
 * SQL window of a list query. `limit` is the exclusive end of the window (docs/domain-rules.md §2),
 * so the page size is `limit - skip`.
 */
export function windowOf(query: { skip: number; limit: number }): { offset: number; limit: number } {
  return { offset: query.skip, limit: Math.max(0, query.limit - query.skip) };
}

/** ORDER BY for a list: the requested column first (if any), then the default order, then id for stable paging. */
export function orderOf<S extends string>(
  query: ParsedListQuery<S>,
  columns: Record<S, PgColumn | SQL>,
  fallback: SQL[],
  tiebreak: PgColumn,
): SQL[] {
  const order: SQL[] = [];
  if (query.sortBy) {
    const column = columns[query.sortBy];
    order.push(query.sortDesc ? desc(column) : asc(column));
  }
  return [...order, ...fallback, asc(tiebreak)];
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/* ---------- keyset paging (decision 041) ---------- */

/** How one sort key is sent in a cursor and cast back in SQL. */
export type CursorKeyType = 'integer' | 'timestamptz' | 'uuid' | 'text';

const KEY_CHECKS: Record<CursorKeyType, (key: ListCursorKey) => boolean> = {
  integer: (key) => Number.isSafeInteger(key),
  // As cursorKeyOf writes it: UTC with microseconds, which a JS Date would lose.
  timestamptz: (key) =>
    typeof key === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) &&
    !Number.isNaN(Date.parse(key)),
  uuid: (key) => typeof key === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key),
  text: (key) => typeof key === 'string',
};

/** A column as a cursor key: timestamps as UTC text with microseconds (a JS Date keeps milliseconds). */
export function cursorKeyOf(column: PgColumn, type: CursorKeyType): SQL {
  return type === 'timestamptz'
    ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${column}`;
}

/** Where a cursor query reads from: the row named and which side of it. */
export interface Seek {
  /** after: the rows following the cursor in the list's order; before: those preceding it. */
  side: 'after' | 'before';
  keys: ListCursorKey[];
}

/**
 * The query's cursor, checked against the list's sort and key types: undefined without one, a 422
 * INVALID_CURSOR for one that is not ours or names another sort or direction.
 */
export function seekOf(query: ParsedListQuery, types: readonly CursorKeyType[]): Seek | undefined {
  const side = query.after !== undefined ? 'after' : query.before !== undefined ? 'before' : undefined;
  if (!side) return undefined;
  const cursor = decodeListCursor((side === 'after' ? query.after : query.before)!);
  const valid =
    cursor !== undefined &&
    cursor.sortBy === (query.sortBy ?? '') &&
    cursor.sortDesc === Boolean(query.sortDesc) &&
    cursor.keys.length === types.length &&
    cursor.keys.every((key, i) => KEY_CHECKS[types[i]!](key));
  if (!valid) {
    throw AppError.field(
      ErrorCode.InvalidCursor,
      side,
      { key: 'invalid' },
      `The ${side} cursor is not a position in this list, sort and direction`,
    );
  }
  return { side, keys: cursor.keys };
}

/**
 * The rows on the seek's side of its cursor in a list ordered by `columns`, all ascending or all
 * descending: one row comparison, which a b-tree index on those columns reads as a range.
 */
export function seekCondition(
  seek: Seek,
  columns: readonly PgColumn[],
  types: readonly CursorKeyType[],
  descending: boolean,
): SQL {
  const below = descending === (seek.side === 'after');
  const values = seek.keys.map((key, i) => sql`${key}::${sql.raw(types[i]!)}`);
  return sql`(${sql.join([...columns], sql`, `)}) ${sql.raw(below ? '<' : '>')} (${sql.join(values, sql`, `)})`;
}

/** A list's cursor of one row: its sort and its key values in the list's order. */
export function cursorOfRow(query: ParsedListQuery, keys: ListCursorKey[]): string {
  return encodeListCursor({ sortBy: query.sortBy ?? '', sortDesc: Boolean(query.sortDesc), keys });
}
