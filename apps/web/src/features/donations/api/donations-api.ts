import type { UploadResponse } from '@annadaan/contract/auth';
import type { BrowseDonation, BrowseSort, CreateDonationInput, Donation, DonationDetail, NewDonations } from '@annadaan/contract/donations';
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';

export interface BrowseParams {
  foodName?: string;
  location?: string;
  foodType?: string;
  sort?: BrowseSort;
  lat?: number;
  lng?: number;
  /** With lat and lng: only items within this many km, each with its `distanceKm` (issue 15). */
  radiusKm?: number;
  /** Issue 16: comma-separated diets ("VEG,VEGAN" is Veg only) and allergens to leave out. */
  diet?: string;
  excludeAllergens?: string;
  page?: number;
  pageSize?: number;
}

export interface DonationPage {
  donations: BrowseDonation[];
  total: number;
}

// Fetchers

export async function fetchBrowseDonations(params: BrowseParams, signal?: AbortSignal): Promise<DonationPage> {
  const { data, headers } = await apiRequestWithHeaders<BrowseDonation[]>('/api/browse/donations', {
    query: { ...params },
    signal,
  });
  const total = Number(headers.get('x-total-count'));
  return { donations: data, total: Number.isFinite(total) ? total : data.length };
}

/** Browse's filters and, with near me on, its place and radius: what the "N new donations" count is about. */
export interface NewDonationsFilters {
  foodName?: string;
  location?: string;
  foodType?: string;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  diet?: string;
  excludeAllergens?: string;
}

export function fetchNewDonations(filters: NewDonationsFilters, since: number | null, signal?: AbortSignal) {
  return apiRequest<NewDonations>('/api/browse/new-donations', { query: { ...filters, since: since ?? undefined }, signal });
}

export function fetchDonation(id: string | number, signal?: AbortSignal) {
  return apiRequest<DonationDetail>(`/api/browse/donations/${encodeURIComponent(id)}`, { signal });
}

export function createDonation(input: CreateDonationInput) {
  return apiRequest<Donation>('/api/donations', { method: 'POST', body: input });
}

export function cancelDonation(id: number) {
  return apiRequest<Donation>(`/api/donations/${id}/cancel`, { method: 'POST' });
}

export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<UploadResponse>('/api/uploads', { method: 'POST', body });
}

// Query options

/** How often an open Browse asks whether new food arrived (only while the tab is visible). */
export const NEW_DONATIONS_POLL_MS = 15_000;

/**
 * Browse's list lives under its own key, apart from ['donations']: a live notification refreshes
 * the donor's and receiver's own lists, but an open Browse changes only when the person asks
 * ("N new donations"), never by reshuffling under their eyes.
 */
export const browseQueries = {
  all: ['browse'] as const,
  list: (params: BrowseParams) =>
    queryOptions({
      queryKey: [...browseQueries.all, 'list', params] as const,
      queryFn: ({ signal }) => fetchBrowseDonations(params, signal),
      // Keep the old page on screen while the next one loads, so the grid does not jump.
      placeholderData: keepPreviousData,
    }),
  /** The newest id when the page read its list: what later counts start from. Dropped when the page goes. */
  newStart: (filters: NewDonationsFilters) =>
    queryOptions({
      queryKey: [...browseQueries.all, 'new-start', filters] as const,
      queryFn: ({ signal }) => fetchNewDonations(filters, null, signal),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
    }),
  newSince: (filters: NewDonationsFilters, since: number) =>
    queryOptions({
      queryKey: [...browseQueries.all, 'new', filters, since] as const,
      queryFn: ({ signal }) => fetchNewDonations(filters, since, signal),
      refetchInterval: NEW_DONATIONS_POLL_MS,
      refetchIntervalInBackground: false,
      staleTime: 0,
    }),
};

export const donationQueries = {
  all: ['donations'] as const,
  detail: (id: string | number) =>
    queryOptions({
      queryKey: [...donationQueries.all, 'detail', String(id)] as const,
      queryFn: ({ signal }) => fetchDonation(id, signal),
    }),
  /** My donations page by page; the dashboard reads the first page under ['donations', 'mine']. */
  mine: () =>
    pagedListOptions<Donation, readonly ['donations', 'mine', 'pages']>([...donationQueries.all, 'mine', 'pages'] as const, '/api/donations/my-donations'),
};

// Hooks

/** `enabled: false` while the "Near me" place is still being found, so the list loads once, for it. */
export function useBrowseDonations(params: BrowseParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...browseQueries.list(params), enabled });
}

export function useNewDonationsStart(filters: NewDonationsFilters) {
  return useQuery(browseQueries.newStart(filters));
}

export function useNewDonations(filters: NewDonationsFilters, since: number | null) {
  return useQuery({ ...browseQueries.newSince(filters, since ?? 0), enabled: since !== null });
}

export function useDonation(id: string | number) {
  return useQuery(donationQueries.detail(id));
}

export function useMyDonations() {
  return useInfiniteQuery(donationQueries.mine());
}

export function useCreateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDonation,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: donationQueries.all }), queryClient.invalidateQueries({ queryKey: browseQueries.all })]),
  });
}

export function useCancelDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDonation,
    // Withdrawing a donation also cancels its requests, so both lists change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationQueries.all }),
        queryClient.invalidateQueries({ queryKey: browseQueries.all }),
        queryClient.invalidateQueries({ queryKey: ['requests'] }),
      ]),
  });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
