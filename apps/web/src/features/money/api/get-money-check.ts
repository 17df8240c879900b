import type { MoneyCheckRun } from '@podpot/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET payments/moneycheck (ADMIN): the last run of the standing money check. */
export const useMoneyCheck = () =>
  useQuery({
    queryKey: ['payments', 'moneycheck'],
    queryFn: ({ signal }) => api.get<MoneyCheckRun>('payments/moneycheck', { signal }),
  });
