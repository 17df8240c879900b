import type { CreateUserBody, UpdateUserBody, User } from '@podpot/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableState } from '@/components/admin-table';
import { crud } from '@/lib/crud';

export const usersApi = crud<User, CreateUserBody['data']>('users');

export function useUsers(state: TableState) {
  return useQuery({
    queryKey: ['users', state],
    queryFn: ({ signal }) => usersApi.list(state, signal),
    placeholderData: keepPreviousData,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
