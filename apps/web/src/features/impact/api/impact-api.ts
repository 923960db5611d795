import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformImpact } from '@annadaan/contract/analytics';
import { apiRequest } from '../../../lib/api-client';

/** The platform's own live figures (GET /api/analytics/public/impact); a type-only import keeps zod out. */
export type PublicImpact = PlatformImpact;

const FIELDS = ['completedHandovers', 'donationsListed', 'donors', 'receiversServed'] as const;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/*
 * The answer is checked by hand, not with the contract's zod schema: the footer is on every page,
 * and zod would weigh down the landing page's first load. Anything that is not four counts is a
 * failure, and the figures are hidden rather than replaced by made-up numbers.
 */
export async function fetchPublicImpact(signal?: AbortSignal): Promise<PublicImpact> {
  const body = await apiRequest<unknown>('/api/analytics/public/impact', { signal });
  if (typeof body !== 'object' || body === null) throw new Error('Unexpected impact answer');
  const record = body as Record<string, unknown>;
  const impact: Partial<PublicImpact> = {};
  for (const field of FIELDS) {
    const value = record[field];
    if (!isCount(value)) throw new Error(`Unexpected impact answer: ${field}`);
    impact[field] = value;
  }
  return impact as PublicImpact;
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
