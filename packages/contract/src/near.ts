import { msg } from './coded-message';
import { z } from 'zod';
import { RADIUS_KM_MAX, RADIUS_KM_MIN } from './distance';

/**
 * The reference point and radius that browse and the food-needs list take (issue 15):
 * `lat`, `lng` and `radiusKm` (0.5-50). A radius needs both coordinates; one coordinate without
 * the other is refused, each error on the field that is missing or wrong.
 */
const fromQuery = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));

export const NearQueryShape = {
  lat: z.preprocess(
    fromQuery,
    z
      .number({ error: msg('LATITUDE_RANGE') })
      .min(-90, msg('LATITUDE_RANGE'))
      .max(90, msg('LATITUDE_RANGE'))
      .optional(),
  ),
  lng: z.preprocess(
    fromQuery,
    z
      .number({ error: msg('LONGITUDE_RANGE') })
      .min(-180, msg('LONGITUDE_RANGE'))
      .max(180, msg('LONGITUDE_RANGE'))
      .optional(),
  ),
  radiusKm: z.preprocess(
    fromQuery,
    z
      .number({ error: msg('RADIUS_RANGE', { min: RADIUS_KM_MIN, max: RADIUS_KM_MAX }) })
      .min(RADIUS_KM_MIN, msg('RADIUS_RANGE', { min: RADIUS_KM_MIN, max: RADIUS_KM_MAX }))
      .max(RADIUS_KM_MAX, msg('RADIUS_RANGE', { min: RADIUS_KM_MIN, max: RADIUS_KM_MAX }))
      .optional(),
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
  const message = query.sort === 'NEAREST' && query.radiusKm === undefined ? msg('NEAREST_NEEDS_LOCATION') : msg('DISTANCE_NEEDS_LOCATION');
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
