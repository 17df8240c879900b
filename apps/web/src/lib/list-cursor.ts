import type { ListResponse } from '@podpot/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What a list's cursor depends on in its table state (the rest of the state is part of its query key). */
interface PagedState {
  page: number;
  itemsPerPage: number;
}

/**
 * The cursor of a table's next or previous page (keyset paging, decision 041): when the page right
 * before the one asked for — same sort, filters and page size, so the same query key but its page — is
 * in the cache and full, the rows right after its last row (`after`); else, when the page right after
 * it is cached, those right before its first row (`before`). Deep in a big list that is an index range
 * instead of skipping every row before it. Page 1 (always the newest rows), a jump, a new sort or
 * filter: no cursor, the skip/limit window (docs/domain-rules.md §2).
 */
export function neighbourCursor<S extends PagedState>(
  client: QueryClient,
  keyOf: (state: S) => QueryKey,
  state: S,
): { after?: string; before?: string } {
  if (state.page <= 1) return {};
  const cached = (page: number) => client.getQueryData<ListResponse<unknown>>(keyOf({ ...state, page }));
  const previous = cached(state.page - 1);
  if (previous?.metadata.nextCursor && previous.data.length === state.itemsPerPage) {
    return { after: previous.metadata.nextCursor };
  }
  const next = cached(state.page + 1)?.metadata.prevCursor;
  return next ? { before: next } : {};
}
