import type { CreateUserBody, ListResponse, UpdateUserBody, User, UserDeletion } from '@podpot/domain';
import { toListQuery } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { api } from '@/lib/api-client';
import { crud } from '@/lib/crud';
import { invalidateAfterDelete } from '@/lib/invalidate-after-delete';

export const usersApi = crud<User, CreateUserBody['data']>('users');

/** The admin table's view: paging and search, and whether it shows the archived users instead. */
export type UsersState = TableState & { archived?: boolean };

export function useUsers(state: UsersState) {
  return useQuery({
    queryKey: ['users', state],
    queryFn: ({ signal }) =>
      api.get<ListResponse<User>>('users', {
        query: { ...toListQuery(state), archived: state.archived || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET users/{id}/deletion: delete or archive, and what stands in the way, asked when the confirmation opens. */
export function useUserDeletion(id: string | undefined) {
  return useQuery({
    queryKey: ['users', id, 'deletion'],
    queryFn: ({ signal }) => api.get<UserDeletion>(`users/${encodeURIComponent(id ?? '')}/deletion`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: ['users', id],
    queryFn: ({ signal }) => usersApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useSaveUser(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CreateUserBody['data'] | UpdateUserBody['data']) =>
      id ? usersApi.update(id, data as UpdateUserBody['data']) : usersApi.create(data as CreateUserBody['data']),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => usersApi.remove(id),
    onSuccess: (_, id) => invalidateAfterDelete(queryClient, 'users', id),
  });
}

/** DELETE users/{id}/two-step (decision 056): an admin turns another user's two-step login off. */
export function useResetTwoStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`users/${encodeURIComponent(id)}/two-step`),
    // Also after a 409: another admin may have done it first, and the page should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/**
 * POST users/{id}/password-reset (issue 33): an admin has a reset link mailed to the user's own address;
 * nobody but the user sets their password.
 */
export function useSendPasswordReset(id: string) {
  return useMutation({
    mutationFn: () => api.post<void>(`users/${encodeURIComponent(id)}/password-reset`),
  });
}
