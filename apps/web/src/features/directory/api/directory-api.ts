import type { DirectoryUser } from '@annadaan/contract/directory';
import type { Role } from '@annadaan/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';

export const DIRECTORY_PAGE_SIZE = 12;

export interface DirectoryFilter {
  role: Role | 'ALL';
  location: string;
  profileActive: boolean;
  page: number;
}

export async function searchDirectory(filter: DirectoryFilter, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<DirectoryUser[]>('/api/directory/users/search', {
    query: {
      // Each filter is sent only when set, as the spec's client did.
      role: filter.role === 'ALL' ? undefined : filter.role,
      location: filter.location.trim() || undefined,
      profileActive: filter.profileActive,
      page: filter.page,
      pageSize: DIRECTORY_PAGE_SIZE,
    },
    signal,
  });
  return { users: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const directoryQueries = {
  all: ['directory'] as const,
  search: (filter: DirectoryFilter) =>
    queryOptions({
      queryKey: [...directoryQueries.all, 'search', filter] as const,
      queryFn: ({ signal }) => searchDirectory(filter, signal),
      // The old page stays on screen while the next filter loads, so cards do not flash away.
      placeholderData: keepPreviousData,
    }),
};

export function useDirectorySearch(filter: DirectoryFilter) {
  return useQuery(directoryQueries.search(filter));
}
