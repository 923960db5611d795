import type { MapDonationsAnswer, MapFoodRequestsAnswer } from '@annadaan/contract/map';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One viewport: `bbox` as the API takes it (minLng,minLat,maxLng,maxLat) and a whole zoom. */
export interface MapViewport {
  bbox: string;
  zoom: number;
}

export function fetchMapDonations({ bbox, zoom }: MapViewport, signal?: AbortSignal) {
  return apiRequest<MapDonationsAnswer>('/api/map/donations', { query: { bbox, zoom }, signal });
}

export function fetchMapFoodNeeds({ bbox, zoom }: MapViewport, signal?: AbortSignal) {
  return apiRequest<MapFoodRequestsAnswer>('/api/map/food-requests', { query: { bbox, zoom }, signal });
}

export const mapQueries = {
  donations: (viewport: MapViewport) =>
    queryOptions({
      queryKey: ['map', 'donations', viewport.bbox, viewport.zoom] as const,
      queryFn: ({ signal }) => fetchMapDonations(viewport, signal),
      // The old markers stay while the moved map's load, so nothing blinks.
      placeholderData: keepPreviousData,
    }),
  needs: (viewport: MapViewport) =>
    queryOptions({
      queryKey: ['map', 'food-needs', viewport.bbox, viewport.zoom] as const,
      queryFn: ({ signal }) => fetchMapFoodNeeds(viewport, signal),
      placeholderData: keepPreviousData,
    }),
};
