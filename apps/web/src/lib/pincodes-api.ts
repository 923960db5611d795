import type { PinCodePlace } from '@annadaan/contract/geo';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** A pin code's centroid, district and state from the server's bundled table (issue 15). */
export function fetchPinCode(pin: string, signal?: AbortSignal) {
  return apiRequest<PinCodePlace>(`/api/pincodes/${encodeURIComponent(pin)}`, { signal });
}

export const pinCodeQuery = (pin: string) =>
  queryOptions({
    queryKey: ['pincodes', pin] as const,
    queryFn: ({ signal }) => fetchPinCode(pin, signal),
    // The table changes only with a release; an unknown pin code stays unknown.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
