import { PAGE_SIZE_DEFAULT } from '@annadaan/contract/page-size';
import { type QueryKey, infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequestWithHeaders } from './api-client';

/** One page of a list the server pages with `page`/`pageSize`, and the total from X-Total-Count. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export async function fetchListPage<T>(
  path: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  query: Record<string, string | number | undefined> = {},
): Promise<ListPage<T>> {
  const { data, headers } = await apiRequestWithHeaders<T[]>(path, { query: { ...query, page, pageSize }, signal });
  const total = Number(headers.get('x-total-count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length, page, pageSize };
}

/**
 * A list read page after page ("Load more"): the next page is asked for while the pages read so far
 * hold fewer rows than the total. `select` flattens the pages into one list and keeps the total.
 */
export function pagedListOptions<T, K extends QueryKey>(
  queryKey: K,
  path: string,
  pageSize = PAGE_SIZE_DEFAULT,
  query: Record<string, string | number | undefined> = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchListPage<T>(path, pageParam, pageSize, signal, query),
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<T>) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    select: (data) => ({ items: data.pages.flatMap((page) => page.items), total: data.pages.at(-1)?.total ?? 0 }),
  });
}
