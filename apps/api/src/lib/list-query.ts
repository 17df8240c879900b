import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The parsed standard list query (see domain `listQuerySchema`). */
export interface ParsedListQuery<S extends string = string> {
  skip: number;
  limit: number;
  sortBy?: S;
  sortDesc?: boolean;
  search?: string;
}

/**
 * SQL window of a list query. `limit` is the exclusive end of the window (DESIGN.md §3),
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
