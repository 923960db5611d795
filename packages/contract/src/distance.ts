/*
 * Distances between points on the map, kept free of zod so any screen can use them cheaply. The
 * server computes the same formula in SQL (modules/geo/distance-sql.ts); this copy is the
 * reference the tests and the screens use. See docs/decisions/024-distance-and-map-api.md.
 */

/** The mean Earth radius (IUGG), the one haversine uses everywhere in the app. */
export const EARTH_RADIUS_KM = 6371.0088;

/** The radius filter's bounds, in kilometres (issue 15). */
export const RADIUS_KM_MIN = 0.5;
export const RADIUS_KM_MAX = 50;
/** The radius choices the screens offer. */
export const RADIUS_KM_CHOICES = [1, 2, 5, 10, 25] as const;

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `distanceKm` as the API answers it: one decimal, halves rounded up. */
export function roundDistanceKm(km: number): number {
  return Math.floor(km * 10 + 0.5) / 10;
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `centre`: the
 * prefilter an index can serve before the exact distance is computed. Longitude degrees shrink
 * with the cosine of the latitude, taken at the box's edge nearer the pole (the widest spread).
 */
export function boundingBox(centre: LatLng, radiusKm: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLng = widest >= 89.9 ? 180 : Math.min(180, dLat / Math.cos(toRadians(widest)));
  return { minLat, maxLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}
