import { msg } from './coded-message';
import { z } from 'zod';
import { FoodTypeSchema } from './donations';
import { DietSchema, FoodFilterQueryShape } from './food-facts';
import { INDIA_BOUNDS } from './geo';
import { DonationPortionsSchema } from './portions';

export { INDIA_BOUNDS };

/*
 * The map endpoints (issue 15): `GET /api/map/donations` and `GET /api/map/food-requests` with
 * `?bbox=minLng,minLat,maxLng,maxLat&zoom=Z`. Below MAP_POINTS_MIN_ZOOM the answer is clusters
 * (counted in the database on a grid whose cell shrinks as the zoom grows), from it on public
 * points. Never more than MAP_FEATURES_MAX features. See docs/decisions/024-distance-and-map-api.md.
 */

/** At most this many clusters or points in one answer. */
export const MAP_FEATURES_MAX = 500;
/** From this zoom on the answer is points; below it, clusters. */
export const MAP_POINTS_MIN_ZOOM = 14;
export const MAP_ZOOM_MAX = 22;
/** A bbox wider or taller than India's extent (geo.ts) is refused. */
export const MAP_BBOX_MAX_LNG_SPAN = INDIA_BOUNDS.maxLng - INDIA_BOUNDS.minLng;
export const MAP_BBOX_MAX_LAT_SPAN = INDIA_BOUNDS.maxLat - INDIA_BOUNDS.minLat;

export interface Bbox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** "minLng,minLat,maxLng,maxLat" to a box, or null when it is not one. */
export function parseBbox(text: string): Bbox | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '')) return null;
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  if (![minLng, minLat, maxLng, maxLat].every(Number.isFinite)) return null;
  if (minLng < -180 || maxLng > 180 || minLat < -90 || maxLat > 90) return null;
  if (minLng >= maxLng || minLat >= maxLat) return null;
  return { minLng, minLat, maxLng, maxLat };
}

export function formatBbox(box: Bbox): string {
  return [box.minLng, box.minLat, box.maxLng, box.maxLat].join(',');
}

export const MapQuerySchema = z.object({
  bbox: z.string({ error: msg('BBOX_INVALID') }).transform((text, ctx) => {
    const box = parseBbox(text);
    if (!box) {
      ctx.addIssue({ code: 'custom', message: msg('BBOX_INVALID') });
      return z.NEVER;
    }
    if (box.maxLng - box.minLng > MAP_BBOX_MAX_LNG_SPAN || box.maxLat - box.minLat > MAP_BBOX_MAX_LAT_SPAN) {
      ctx.addIssue({ code: 'custom', message: msg('AREA_TOO_LARGE') });
      return z.NEVER;
    }
    return box;
  }),
  zoom: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z
      .number({ error: msg('ZOOM_INVALID', { max: MAP_ZOOM_MAX }) })
      .min(0, msg('ZOOM_INVALID', { max: MAP_ZOOM_MAX }))
      .max(MAP_ZOOM_MAX, msg('ZOOM_INVALID', { max: MAP_ZOOM_MAX })),
  ),
});
export type MapQueryInput = z.input<typeof MapQuerySchema>;
/** A viewport with the food filters either map takes (the needs map only ever sets the diet). */
export type MapQuery = z.output<typeof MapDonationsQuerySchema>;

/** The donations map takes Browse's food filters (issue 16); the needs map the diet only. */
export const MapDonationsQuerySchema = MapQuerySchema.extend(FoodFilterQueryShape);
export type MapDonationsQueryInput = z.input<typeof MapDonationsQuerySchema>;
export const MapFoodRequestsQuerySchema = MapQuerySchema.extend({ diet: FoodFilterQueryShape.diet });

/** Several items in one grid cell: where their public points lie on average, and how many. */
export const MapClusterSchema = z.object({ lat: z.number(), lng: z.number(), count: z.number().int() });
export type MapCluster = z.infer<typeof MapClusterSchema>;

/** One donation on the map: its public point (the ~500 m grid cell's centre), never the exact one. */
export const MapDonationPointSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  foodName: z.string(),
  foodType: FoodTypeSchema,
  /** Issue 16: null is "Not stated". */
  diet: DietSchema.nullable(),
  expiresAt: z.string(),
  /** Issue 33: what is left of a donation shared in portions ("35 of 60 plates left"); null for one receiver's food. */
  portions: DonationPortionsSchema.pick({ left: true, total: true, unit: true }).nullable(),
});
export type MapDonationPoint = z.infer<typeof MapDonationPointSchema>;

/** One open food need on the map: its public point, what food (free text), for how many, open until when. */
export const MapFoodRequestPointSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  foodType: z.string(),
  diet: DietSchema.nullable(),
  numberOfPeople: z.number().int(),
  expiresAt: z.string(),
});
export type MapFoodRequestPoint = z.infer<typeof MapFoodRequestPointSchema>;

export const MapAnswerKind = { CLUSTERS: 'clusters', POINTS: 'points' } as const;
export type MapAnswerKind = (typeof MapAnswerKind)[keyof typeof MapAnswerKind];

/**
 * One viewport's features. `kind` says which list is filled (the other is empty). `total` is how
 * many listed items lie in the bbox; the clusters' counts add up to it. `truncated` is true when
 * more than MAP_FEATURES_MAX points (or cells) were there and only the first were sent (points
 * in expiry order, cells by count).
 */
function mapAnswerSchema<P extends z.ZodType>(point: P) {
  return z.object({
    kind: z.enum([MapAnswerKind.CLUSTERS, MapAnswerKind.POINTS]),
    clusters: z.array(MapClusterSchema),
    points: z.array(point),
    total: z.number().int(),
    truncated: z.boolean(),
  });
}
export const MapDonationsAnswerSchema = mapAnswerSchema(MapDonationPointSchema);
export type MapDonationsAnswer = z.infer<typeof MapDonationsAnswerSchema>;
export const MapFoodRequestsAnswerSchema = mapAnswerSchema(MapFoodRequestPointSchema);
export type MapFoodRequestsAnswer = z.infer<typeof MapFoodRequestsAnswerSchema>;
