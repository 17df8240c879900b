import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorStatus, reportApiError } from '@/lib/api-client';

/** A 4xx will not get better by asking again; anything else (5xx, the network) is tried up to 3 times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  return !(status !== undefined && status >= 400 && status < 500) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A read's status toast once its query gives up, not per try (lib/api-client.ts `apiRequest`).
    queryCache: new QueryCache({ onError: reportApiError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      // A write made offline is sent and fails at once (its toast says nothing was sent) instead of
      // waiting, paused, with its button disabled and no word why; the user sends it again when online.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
