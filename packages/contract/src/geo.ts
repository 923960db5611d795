import { msg } from './coded-message';
import { z } from 'zod';

/** `z.coerce` would read an empty parameter as 0, a real place in the Gulf of Guinea. */
const coordinate = (message: string, limit: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z.number({ error: message }).min(-limit, message).max(limit, message),
  );

export const ReverseGeocodeQuerySchema = z.object({
  lat: coordinate(msg('LATITUDE_NEEDED'), 90),
  lon: coordinate(msg('LONGITUDE_NEEDED'), 180),
});

/** The location helper: a display address and the pin code found in it. Failure is an empty address. */
export const ReverseGeocodeSchema = z.object({ address: z.string(), pinCode: z.string().nullable() });
export type ReverseGeocode = z.infer<typeof ReverseGeocodeSchema>;

/** `GET /api/pincodes/:pin`: six digits, the first 1-9 (India Post has no zone 0). */
export const PinCodeParamSchema = z.object({
  pin: z.string({ error: msg('PIN_CODE_INVALID') }).regex(/^[1-9]\d{5}$/, msg('PIN_CODE_INVALID')),
});

/**
 * A pin code's centroid (the mean position of its post offices in the bundled open data set) and
 * where it is: a reference point for "near me" without asking the browser for a location.
 */
export const PinCodePlaceSchema = z.object({
  pin: z.string(),
  lat: z.number(),
  lng: z.number(),
  district: z.string(),
  state: z.string(),
});
export type PinCodePlace = z.infer<typeof PinCodePlaceSchema>;

/**
 * India's extent, with a margin (mainland and islands lie within 68.1-97.4° E and 6.7-37.1° N):
 * where an alert may be centred, and the largest viewport a map may ask for.
 */
export const INDIA_BOUNDS = { minLng: 67.5, minLat: 6, maxLng: 98, maxLat: 37.5 } as const;
