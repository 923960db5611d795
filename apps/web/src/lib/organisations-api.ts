import type { MyOrganisation } from '@annadaan/contract/organisations';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The signed-in person's organisations (issue 32), here rather than in the organisations feature
 * because the donate form and the request button offer them too. Invalidated with every
 * organisation write (the key starts with 'organisations').
 */
export const myOrganisationsQuery = () =>
  queryOptions({
    queryKey: ['organisations', 'mine'] as const,
    queryFn: ({ signal }) => apiRequest<MyOrganisation[]>('/api/organisations/mine', { query: { pageSize: 100 }, signal }),
  });
