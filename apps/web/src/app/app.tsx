import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
// The DOM build of RouterProvider, so navigate(..., { flushSync: true }) is honoured.
import { RouterProvider } from 'react-router/dom';
import { ApiError, setUnauthorizedHandler } from '../lib/api-client';
import { dismissError } from '../lib/notify';
import { paths } from './paths';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
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

/*
 * The toast container and its transitions load after the first screen: a toast raised before
 * then waits in the notifications store and shows once the container mounts.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate(paths.signIn, { replace: true });
});

export function App() {
  useEffect(() => {
    // Wake-up ping: the server may be slow to start. A failure only matters to developers.
    fetch('/welcome').catch((error: unknown) => console.warn('Wake-up ping failed', error));
  }, []);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-center" limit={4} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        {/* React Router 8 sends router state through startTransition and useOptimistic by default, so a
            second setSearchParams soon after a first one could build on the page before it (browse
            filters lost the typed words); plain state updates keep the behaviour of React Router 7. */}
        <RouterProvider router={router} useTransitions={false} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
