import type { MapTileLayer } from '@annadaan/contract/map-tiles';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The server's tile server and attribution (MAP_TILE_URL), read once per visit. */
export const mapTilesQuery = () =>
  queryOptions({
    queryKey: ['map', 'tiles'] as const,
    queryFn: ({ signal }) => apiRequest<MapTileLayer>('/api/map/tiles', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
