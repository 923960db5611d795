import { z } from 'zod';
import { RADIUS_KM_MAX, RADIUS_KM_MIN } from './distance';

/**
 * The reference point and radius that browse and the food-needs list take (issue 15):
 * `lat`, `lng` and `radiusKm` (0.5-50). A radius needs both coordinates; one coordinate without
 * the other is refused, each error on the field that is missing or wrong.
 */
const fromQuery = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

export const NearMessages = {
  lat: 'Enter a latitude from -90 to 90.',
  lng: 'Enter a longitude from -180 to 180.',
  radiusKm: `Choose a radius from ${RADIUS_KM_MIN} to ${RADIUS_KM_MAX} km.`,
  needsLat: 'A distance needs your location: give lat and lng.',
  needsLng: 'A distance needs your location: give lat and lng.',
  nearestNeedsPoint: 'Nearest needs your location (lat and lng).',
} as const;

export const NearQueryShape = {
  lat: z.preprocess(fromQuery, z.number({ error: NearMessages.lat }).min(-90, NearMessages.lat).max(90, NearMessages.lat).optional()),
  lng: z.preprocess(fromQuery, z.number({ error: NearMessages.lng }).min(-180, NearMessages.lng).max(180, NearMessages.lng).optional()),
  radiusKm: z.preprocess(
    fromQuery,
    z.number({ error: NearMessages.radiusKm }).min(RADIUS_KM_MIN, NearMessages.radiusKm).max(RADIUS_KM_MAX, NearMessages.radiusKm).optional(),
  ),
};

export interface NearQuery {
  lat?: number | undefined;
  lng?: number | undefined;
  radiusKm?: number | undefined;
}

/** Adds an issue on `lat` or `lng` when one is given without the other, or a radius or NEAREST comes without them. */
export function refineNear(query: NearQuery & { sort?: string }, ctx: z.RefinementCtx) {
  const wantsPoint = query.radiusKm !== undefined || query.sort === 'NEAREST' || query.lat !== undefined || query.lng !== undefined;
  if (!wantsPoint) return;
  const message = query.sort === 'NEAREST' && query.radiusKm === undefined ? NearMessages.nearestNeedsPoint : NearMessages.needsLat;
  if (query.lat === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message });
  if (query.lng === undefined) ctx.addIssue({ code: 'custom', path: ['lng'], message });
}

/** The reference point of a query, when it has one (both coordinates). */
export function referencePoint(query: NearQuery): { lat: number; lng: number } | null {
  return query.lat === undefined || query.lng === undefined ? null : { lat: query.lat, lng: query.lng };
}

/**
 * `distanceKm` on a listed item: from the reference point to the item's public point (the ~500 m
 * grid cell's centre, never the exact point), one decimal. Present whenever the query has a
 * reference point; null for an item without a position (only possible without a radius).
 */
export const DistanceKmShape = {
  distanceKm: z.number().nullable().optional(),
};
