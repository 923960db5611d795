/*
 * Positions as the browser gives them ("lat,lng"), kept free of zod so any screen can read a
 * donation's position cheaply; donations.ts re-exports them.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** "lat,lng" as the browser gives it, or null when it is not a point on Earth. */
export function parseGeolocation(text: string): GeoPoint | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

export function formatGeolocation(point: GeoPoint | null): string {
  return point ? `${point.latitude},${point.longitude}` : '';
}

/**
 * A position rounded to 2 decimals (about 1 km), for people who are not the donor: enough to see
 * how far the food is, not enough to find a home. The exact address reaches the receiver through
 * the donor once a request is accepted.
 */
export function coarseGeolocation(text: string): string {
  const point = parseGeolocation(text);
  return point ? formatGeolocation({ latitude: round2(point.latitude), longitude: round2(point.longitude) }) : '';
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
