import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProvenanceResponse } from '@annadaan/contract/statistics';
import { apiRequest } from '../../../lib/api-client';

/** Sources, formulas and per-value provenance, read from the same data file the statistics use (typed, not parsed again: lib/statistics-api). */
export async function fetchProvenance(signal?: AbortSignal) {
  return apiRequest<ProvenanceResponse>('/api/analytics/public/provenance', { signal });
}

export const provenanceQuery = () =>
  queryOptions({
    queryKey: ['analytics', 'public', 'provenance'] as const,
    queryFn: ({ signal }) => fetchProvenance(signal),
    // The server caches it for an hour too; it changes only with a new data file.
    staleTime: 60 * 60_000,
  });

export function useProvenance() {
  return useQuery(provenanceQuery());
}
