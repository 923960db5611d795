import type { CreateFoodRequestInput, MyFoodRequest, OpenFoodRequest, PublicFoodNeed } from '@annadaan/contract/food-requests';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithHeaders, apiRequest } from '../../../lib/api-client';
import { pagedListOptions } from '../../../lib/paged-list';

export function createFoodRequest(input: CreateFoodRequestInput) {
  return apiRequest<MyFoodRequest>('/api/food-requests/create', { method: 'POST', body: input });
}

export async function fetchMyFoodRequests(signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<MyFoodRequest[]>('/api/food-requests/my', { query: { pageSize: 100 }, signal });
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const foodNeedQueries = {
  all: ['food-requests'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...foodNeedQueries.all, 'mine'] as const,
      queryFn: ({ signal }) => fetchMyFoodRequests(signal),
    }),
};

/** One need's public view, for its shareable page. */
export function fetchPublicFoodNeed(id: string, signal?: AbortSignal) {
  return apiRequest<PublicFoodNeed>(`/api/food-requests/${encodeURIComponent(id)}/public`, { signal });
}

export const publicFoodNeedQuery = (id: string) =>
  queryOptions({
    queryKey: [...foodNeedQueries.all, 'public', id] as const,
    queryFn: ({ signal }) => fetchPublicFoodNeed(id, signal),
  });

/** A new need changes the person's list and every counter and monthly series on the dashboard. */
export function useCreateFoodRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFoodRequest,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: foodNeedQueries.all }), queryClient.invalidateQueries({ queryKey: ['analytics'] })]),
  });
}

/** Open needs for the list, with "Near me" applied when the page has a place (issue 15) and the diet filter (issue 16). */
export function openFoodNeedsQuery(near: { lat: number; lng: number; radiusKm: number } | null, diet?: string) {
  return pagedListOptions<OpenFoodRequest, readonly unknown[]>([...foodNeedQueries.all, 'open', near, diet ?? ''] as const, '/api/food-requests/open', 12, {
    ...(near ? { lat: near.lat, lng: near.lng, radiusKm: near.radiusKm, sort: 'NEAREST' } : {}),
    ...(diet ? { diet } : {}),
  });
}
