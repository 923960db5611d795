import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PublicImpact {
  mealsDonated: number;
}

/*
 * The endpoint and its contract schema arrive with the analytics issue. Until then the answer is
 * checked by hand (not with zod: the footer is on every page, and zod would weigh down the
 * landing page's first load); anything that is not a count (404 today) hides the footer line.
 */
export async function fetchPublicImpact(signal?: AbortSignal): Promise<PublicImpact> {
  const body = await apiRequest<unknown>('/api/analytics/public/impact', { signal });
  const meals = typeof body === 'object' && body !== null && 'mealsDonated' in body ? body.mealsDonated : undefined;
  if (typeof meals !== 'number' || !Number.isInteger(meals) || meals < 0) throw new Error('Unexpected impact answer');
  return { mealsDonated: meals };
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
