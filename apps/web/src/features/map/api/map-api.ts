import type { MapDonationsAnswer, MapFoodRequestsAnswer } from '@annadaan/contract/map';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * One viewport: `bbox` as the API takes it (minLng,minLat,maxLng,maxLat) and a whole zoom, with
 * Browse's food filters (issue 16): comma-separated diets and allergens to leave out.
 */
export interface MapViewport {
  bbox: string;
  zoom: number;
  diet?: string | undefined;
  excludeAllergens?: string | undefined;
}

export function fetchMapDonations({ bbox, zoom, diet, excludeAllergens }: MapViewport, signal?: AbortSignal) {
  return apiRequest<MapDonationsAnswer>('/api/map/donations', { query: { bbox, zoom, diet, excludeAllergens }, signal });
}

export function fetchMapFoodNeeds({ bbox, zoom, diet }: MapViewport, signal?: AbortSignal) {
  return apiRequest<MapFoodRequestsAnswer>('/api/map/food-requests', { query: { bbox, zoom, diet }, signal });
}

export const mapQueries = {
  donations: (viewport: MapViewport) =>
    queryOptions({
      queryKey: ['map', 'donations', viewport.bbox, viewport.zoom, viewport.diet ?? '', viewport.excludeAllergens ?? ''] as const,
      queryFn: ({ signal }) => fetchMapDonations(viewport, signal),
      // The old markers stay while the moved map's load, so nothing blinks.
      placeholderData: keepPreviousData,
    }),
  needs: (viewport: MapViewport) =>
    queryOptions({
      queryKey: ['map', 'food-needs', viewport.bbox, viewport.zoom, viewport.diet ?? ''] as const,
      queryFn: ({ signal }) => fetchMapFoodNeeds(viewport, signal),
      placeholderData: keepPreviousData,
    }),
};
