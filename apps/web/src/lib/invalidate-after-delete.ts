import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * After a DELETE: refresh the queries under `root` (lists, counts), but not those of the deleted row —
 * its page may still be open, and asking for it again would only answer 404 (an error toast before
 * the success toast). Those are marked stale instead, so a later visit asks the API again.
 */
export function invalidateAfterDelete(client: QueryClient, root: string, id: string): Promise<void> {
  const ofDeleted = (query: Query) => query.queryKey.includes(id);
  void client.invalidateQueries({ queryKey: [root], predicate: ofDeleted, refetchType: 'none' });
  return client.invalidateQueries({ queryKey: [root], predicate: (query) => !ofDeleted(query) });
}
