import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { dismissError } from '../lib/notify';

/** The app's query client: one per browser tab, and one per request on the server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Any action that works takes away the toast of one that failed before (issue 11).
    mutationCache: new MutationCache({ onSuccess: () => dismissError() }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Slow networks fail now and then; a 4xx will not get better by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
