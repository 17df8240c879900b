import type { ListResponse, TableOptions } from '@podpot/domain';
import { toListQuery } from '@podpot/domain';
import { api } from '@/lib/api-client';

/** The standard calls of an admin resource (docs/product.md §7): list with the paging conversion, get, create, update, delete. */
export function crud<T, TData = Partial<T>>(resource: string) {
  return {
    list: (options: TableOptions = {}, signal?: AbortSignal) =>
      api.get<ListResponse<T>>(resource, { query: toListQuery(options), signal }),
    get: (id: string, signal?: AbortSignal) => api.get<T>(`${resource}/${encodeURIComponent(id)}`, { signal }),
    create: (data: TData) => api.post<T>(resource, { data }),
    update: (id: string, data: Partial<TData>) => api.put<T>(`${resource}/${encodeURIComponent(id)}`, { data }),
    remove: (id: string) => api.delete<void>(`${resource}/${encodeURIComponent(id)}`),
  };
}
