/*
 * What a donation's area map shows and how, shared by the still map (drawn without Leaflet) and the
 * Leaflet map it turns into, so the two draw the same picture.
 */

/** The public point is a ~500 m cell's centre; a circle this wide covers the cell around it. */
export const AREA_RADIUS_M = 400;

/** Streets and their names are readable and the whole circle fits in the map's height. */
export const AREA_ZOOM = 15;

/** The map's height in CSS pixels; its width is the page column's. */
export const AREA_MAP_HEIGHT = 220;

/** The area circle's stroke and fill (green 9 of the theme, as on Browse's map). */
export const AREA_CIRCLE = { color: '#2b8a3e', weight: 2, fillOpacity: 0.15 } as const;

export interface AreaMapProps {
  /** The public point: the centre of the area everyone may see. */
  area: { lat: number; lng: number };
  /** The exact pickup point, only for the donor and the receiver awaiting pickup. */
  exact: { lat: number; lng: number } | null;
  /** What the area is called ("Bandra West, Mumbai 400050"). */
  areaName: string;
}

/**
 * Directions to the pickup beside its map: a standard maps URL that any phone opens in its maps
 * app, to the exact point when there is one, else to the address as written. Kept with the map's
 * view so the pages that draw the map load no extra chunk for it.
 */
export function directionsUrl(to: { lat: number; lng: number } | string): string {
  const destination = typeof to === 'string' ? encodeURIComponent(to) : `${to.lat},${to.lng}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}
