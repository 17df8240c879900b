import type { ListResponse, RecurringTip } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET user/me/recurringtips, the newest few: the account page's 'Maandelijkse fooien' section. */
export const useRecurringTipsSummary = (size = 3) =>
  useQuery({
    queryKey: ['user', 'me', 'recurringtips', 'list', 'summary', size],
    queryFn: ({ signal }) =>
      api.get<ListResponse<RecurringTip>>('user/me/recurringtips', {
        query: { skip: 0, limit: size, sortBy: 'created', sortDesc: true },
        signal,
        silent: true,
      }),
  });
