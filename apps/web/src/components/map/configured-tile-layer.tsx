import { useQuery } from '@tanstack/react-query';
import { TileLayer } from './leaflet-react';
import { mapTilesQuery } from '../../lib/map-tiles-api';

/**
 * The tile layer the server names (MAP_TILE_URL), with its attribution. Until the answer comes,
 * or when tiles cannot load (offline), the map is a plain background: markers, circles and cards
 * do not depend on tiles.
 */
export function ConfiguredTileLayer() {
  const tiles = useQuery(mapTilesQuery()).data;
  return tiles ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : null;
}
