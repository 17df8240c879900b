import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { neighbourCursor } from './list-cursor';

interface State {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
}
const keyOf = (state: State) => ['tips', state];
const page = (rows: number, nextCursor: string, prevCursor: string) => ({
  data: Array.from({ length: rows }, (_, i) => ({ id: String(i) })),
  metadata: { count: 100, nextCursor, prevCursor },
});

describe('neighbourCursor (decision 041)', () => {
  it('pages on after the cached page before, or back before the cached page after', () => {
    const client = new QueryClient();
    client.setQueryData(keyOf({ page: 3, itemsPerPage: 2, sortBy: 'amount' }), page(2, 'n3', 'p3'));
    expect(neighbourCursor(client, keyOf, { page: 4, itemsPerPage: 2, sortBy: 'amount' })).toEqual({ after: 'n3' });
    expect(neighbourCursor(client, keyOf, { page: 2, itemsPerPage: 2, sortBy: 'amount' })).toEqual({ before: 'p3' });
  });

  it('goes by skip for page 1, a jump, another sort or page size, or after a short page', () => {
    const client = new QueryClient();
    client.setQueryData(keyOf({ page: 2, itemsPerPage: 2, sortBy: 'amount' }), page(2, 'n2', 'p2'));
    client.setQueryData(keyOf({ page: 7, itemsPerPage: 2, sortBy: 'amount' }), page(1, 'n7', 'p7'));
    expect(neighbourCursor(client, keyOf, { page: 1, itemsPerPage: 2, sortBy: 'amount' })).toEqual({});
    expect(neighbourCursor(client, keyOf, { page: 5, itemsPerPage: 2, sortBy: 'amount' })).toEqual({});
    expect(neighbourCursor(client, keyOf, { page: 3, itemsPerPage: 2, sortBy: 'created' })).toEqual({});
    expect(neighbourCursor(client, keyOf, { page: 3, itemsPerPage: 5, sortBy: 'amount' })).toEqual({});
    expect(neighbourCursor(client, keyOf, { page: 8, itemsPerPage: 2, sortBy: 'amount' })).toEqual({});
  });
});
