import { msg } from './coded-message';
import { z } from 'zod';
import { FoodType, FoodTypeSchema } from './donations';
import { AllergenSchema, DietSchema } from './food-facts';
import { INDIA_BOUNDS } from './geo';

/*
 * Nearby-food alerts (issue 14): a receiver saves a point, a radius and optionally a food type,
 * and hears of new donations whose public point falls inside. See
 * docs/decisions/023-nearby-food-alerts.md.
 */

/** Alerts one person may keep at once. */
export const ALERTS_PER_PERSON = 5;
export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 25;
export const ALERT_LABEL_MAX = 40;
/** At most one notification per alert in this long; later matches fold into one at the window's end. */
export const ALERT_WINDOW_MS = 10 * 60_000;

const numberInRange = (message: string, min: number, max: number) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && value >= min && value <= max, message);

export const CreateAlertInputSchema = z.object({
  lat: numberInRange(msg('ALERT_LATITUDE_INDIA', { min: INDIA_BOUNDS.minLat, max: INDIA_BOUNDS.maxLat }), INDIA_BOUNDS.minLat, INDIA_BOUNDS.maxLat),
  lng: numberInRange(msg('ALERT_LONGITUDE_INDIA', { min: INDIA_BOUNDS.minLng, max: INDIA_BOUNDS.maxLng }), INDIA_BOUNDS.minLng, INDIA_BOUNDS.maxLng),
  radiusKm: numberInRange(msg('RADIUS_RANGE', { min: ALERT_RADIUS_MIN_KM, max: ALERT_RADIUS_MAX_KM }), ALERT_RADIUS_MIN_KM, ALERT_RADIUS_MAX_KM),
  foodType: z.preprocess(
    (value) => (value === '' || value === null || value === 'ALL' ? undefined : value),
    z.enum([FoodType.PRECOOKED, FoodType.RAW], { error: msg('ALERT_FOOD_TYPE_CHOOSE') }).optional(),
  ),
  label: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: msg('ALERT_NAME_TOO_LONG', { max: ALERT_LABEL_MAX }) })
      .trim()
      .max(ALERT_LABEL_MAX, msg('ALERT_NAME_TOO_LONG', { max: ALERT_LABEL_MAX })),
  ),
  // Issue 16: the diets to hear of ([] or left out: any; ["VEG","VEGAN"] is "Veg only") and allergens to leave out.
  diet: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .array(DietSchema, { error: msg('ALERT_DIET_LIST') })
      .max(4)
      .default([]),
  ),
  excludeAllergens: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .array(AllergenSchema, { error: msg('ALERT_ALLERGENS_LIST') })
      .max(9)
      .default([]),
  ),
});
export type CreateAlertInput = z.input<typeof CreateAlertInputSchema>;
export type CreateAlert = z.output<typeof CreateAlertInputSchema>;

/** What the owner reads back; nobody else ever sees an alert. */
export const AlertSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  radiusKm: z.number(),
  foodType: FoodTypeSchema.nullable(),
  label: z.string(),
  /** Empty: any diet. */
  diet: z.array(DietSchema),
  excludeAllergens: z.array(AllergenSchema),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertListSchema = z.array(AlertSchema);

/** Mean earth radius in km, as the haversine formula uses it. */
const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box that holds a circle: what the database prefilters on before the
 * exact distance is checked. Slightly generous (rounding outwards), never too small.
 */
export function boundingBox(center: { lat: number; lng: number }, radiusKm: number) {
  const latSpan = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = center.lat - latSpan;
  const maxLat = center.lat + latSpan;
  // Longitude degrees shrink with the cosine of the latitude: measure at the box's widest edge.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const lngSpan = latSpan / Math.max(Math.cos(toRadians(widest)), 1e-6);
  const margin = 1e-6;
  return { minLat: minLat - margin, maxLat: maxLat + margin, minLng: center.lng - lngSpan - margin, maxLng: center.lng + lngSpan + margin };
}

/** The tallest box any alert can have, in degrees of latitude: the prefilter reads only this band of the index. */
export const MAX_BOX_LAT_SPAN = 2 * (ALERT_RADIUS_MAX_KM / EARTH_RADIUS_KM) * (180 / Math.PI) + 1e-5;
