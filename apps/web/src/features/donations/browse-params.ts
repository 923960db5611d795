import type { BrowseSort } from '@annadaan/contract/donations';

export interface BrowseFilterValues {
  foodName: string;
  location: string;
  foodType: '' | 'PRECOOKED' | 'RAW';
  sort: BrowseSort;
}

export type BrowseFilterPatch = Partial<BrowseFilterValues> & { page?: number };

const SORTS: readonly BrowseSort[] = ['ENDING_SOON', 'NEWEST', 'OLDEST', 'NEAREST'];

/** Reads Browse's filters from the URL, so a search can be shared or bookmarked. */
export function readBrowseFilters(params: URLSearchParams): BrowseFilterValues & { page: number } {
  const foodType = params.get('foodType');
  const sort = params.get('sort') as BrowseSort | null;
  const page = Number(params.get('page'));
  return {
    foodName: params.get('foodName') ?? '',
    location: params.get('location') ?? '',
    foodType: foodType === 'PRECOOKED' || foodType === 'RAW' ? foodType : '',
    sort: sort && SORTS.includes(sort) ? sort : 'ENDING_SOON',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * Writes a change of filters into `params` (a copy is returned): defaults and empty text leave the
 * URL clean, other parameters (near me, food filters, view) stay, and any change of filter starts
 * again from the first page.
 *
 * Callers pass the address bar as it is now, not the params of their last render: a pause in typing
 * can write the words a moment before a choice in a select, and building on the older render would
 * drop them (seen in CI: "?foodType=PRECOOKED" without the food name and pin code just typed).
 */
export function writeBrowseFilters(params: URLSearchParams, patch: BrowseFilterPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === '' || value === undefined || (key === 'sort' && value === 'ENDING_SOON') || (key === 'page' && value === 1)) {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  }
  if (patch.page === undefined) next.delete('page');
  return next;
}
