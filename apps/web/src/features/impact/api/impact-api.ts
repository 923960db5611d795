import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/*
 * The endpoint and its contract schema arrive with the analytics issue. Until then the answer is
 * checked here, and anything that is not a count (404 today) simply hides the footer line.
 */
const PublicImpactSchema = z.object({ mealsDonated: z.number().int().nonnegative() });

export async function fetchPublicImpact(signal?: AbortSignal) {
  return PublicImpactSchema.parse(await apiRequest<unknown>('/api/analytics/public/impact', { signal }));
}

export const publicImpactQuery = () =>
  queryOptions({
    queryKey: ['analytics', 'public', 'impact'] as const,
    queryFn: ({ signal }) => fetchPublicImpact(signal),
    staleTime: 5 * 60_000,
    // A footer figure is not worth extra requests on a slow phone connection.
    retry: false,
  });

export function usePublicImpact() {
  return useQuery(publicImpactQuery());
}
