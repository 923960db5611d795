import type { PortionRules } from '@annadaan/contract/portions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The fair-share rules (issue 33): portions per account per day, a verified organisation's, the
 * waitlist's offer time. Here rather than in a feature because the donation's page (requests) and
 * the help page (contact) both say them. The server caches them for five minutes; so does this.
 */
export const portionRulesQuery = () =>
  queryOptions({
    queryKey: ['portion-rules'] as const,
    queryFn: ({ signal }) => apiRequest<PortionRules>('/api/portions/rules', { signal }),
    staleTime: 5 * 60_000,
  });
