import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a public screen reads before it can show its main content (issue 18): the queries its
 * components use, put into the query client under the same keys. The route table turns it into
 * the route's loader: the server render waits for it, so the HTML carries the content; in the
 * browser it only starts the reads beside the screen's code, and the screen shows its own loading
 * state as before.
 */
export type RouteData = (queryClient: QueryClient, args: { params: LoaderFunctionArgs['params']; url: URL }) => Promise<unknown>;

/** Whether loaders wait for their reads: only in the server render, which turns it on at start. */
let waitForReads = false;

export function waitForRouteData() {
  waitForReads = true;
}

export function routeLoader(queryClient: QueryClient, data: RouteData) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    // prefetchQuery never throws: a failed read leaves the screen to show its own error state.
    const reads = data(queryClient, { params, url: new URL(request.url) });
    if (waitForReads) await reads;
    return null;
  };
}
