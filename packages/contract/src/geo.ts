import { z } from 'zod';

/** `z.coerce` would read an empty parameter as 0, a real place in the Gulf of Guinea. */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : Number(value)),
    z.number({ error: `Enter a ${label}.` }).min(-limit, `Enter a ${label}.`).max(limit, `Enter a ${label}.`),
  );

export const ReverseGeocodeQuerySchema = z.object({
  lat: coordinate('latitude', 90),
  lon: coordinate('longitude', 180),
});

/** The location helper: a display address and the pin code found in it. Failure is an empty address. */
export const ReverseGeocodeSchema = z.object({ address: z.string(), pinCode: z.string().nullable() });
export type ReverseGeocode = z.infer<typeof ReverseGeocodeSchema>;

/** Pin code lookup (GET /api/geo/pin-code/:pinCode): the point to centre an alert on. */
export const PinCodeParamSchema = z.object({
  pinCode: z.string().regex(/^[1-9]\d{5}$/, 'Enter a 6-digit pin code.'),
});
export const PinCodePlaceSchema = z.object({ pinCode: z.string(), lat: z.number(), lng: z.number(), place: z.string() });
export type PinCodePlace = z.infer<typeof PinCodePlaceSchema>;
