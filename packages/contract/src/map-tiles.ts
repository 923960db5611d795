import { z } from 'zod';

/**
 * `GET /api/map/tiles`: the tile layer every map of the web app draws under its markers, from the
 * server's MAP_TILE_URL and MAP_TILE_ATTRIBUTION (issue 15), so an operator changes provider
 * without a new build. `url` is a Leaflet URL template; `attribution` is HTML.
 */
export const MapTileLayerSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTileLayer = z.infer<typeof MapTileLayerSchema>;
