import { ErrorResponseSchema } from '@annadaan/contract/common';
import { INDIA_BOUNDS } from '@annadaan/contract/alerts';
import { PinCodeParamSchema, PinCodePlaceSchema, ReverseGeocodeQuerySchema, ReverseGeocodeSchema } from '@annadaan/contract/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { AppError } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { consumeLimit } from '../../plugins/rate-limit';
import { createReverseGeocoder } from './reverse-geocoder';

/**
 * Upstream lookups per client address and hour. The upstream budget is one a second (3,600 an
 * hour) for the whole server; a person detecting their position on the landing page and on the
 * donate form needs a handful, so 30 is generous and one address can take under 1% of the hour.
 * Lookups answered from the cache are not counted. See docs/decisions/016-bounded-work-and-health.md.
 */
export const GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR = 30;

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = createReverseGeocoder({
    baseUrl: app.config.geocoderUrl,
    // Nominatim asks every application to identify itself and how to reach its operator.
    userAgent: `Annadaan/0.1 (food-donation platform; ${app.config.publicUrl ?? 'self-hosted'})`,
    clock: app.clock,
    onError: (error) => app.log.warn({ err: error }, 'reverse geocoding failed'),
  });

  app.get(
    '/api/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: `Address and pin code at a position; an empty address when the lookup fails; ${GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR} lookups an hour per client address (cached points are free)`,
        querystring: ReverseGeocodeQuerySchema,
        response: { 200: ReverseGeocodeSchema, 400: errorResponses[400], 429: errorResponses[429] },
      },
    },
    async (request) =>
      geocoder.reverse(request.query.lat, request.query.lon, () =>
        consumeLimit(app.db, app.clock.now(), {
          key: `geocode-ip:${request.ip}`,
          limit: GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR,
          windowMs: HOUR,
        }),
      ),
  );

  app.get(
    '/api/geo/pin-code/:pinCode',
    {
      schema: {
        tags: ['geo'],
        summary: `The point of an Indian pin code (for a nearby-food alert); shares the ${GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR} lookups an hour per client address with /api/geo/reverse (known pin codes are free)`,
        params: PinCodeParamSchema,
        response: { 200: PinCodePlaceSchema, 400: errorResponses[400], 404: errorResponses[404], 429: errorResponses[429], 503: ErrorResponseSchema },
      },
    },
    async (request) => {
      const found = await geocoder.pinCode(request.params.pinCode, () =>
        consumeLimit(app.db, app.clock.now(), { key: `geocode-ip:${request.ip}`, limit: GEOCODE_LOOKUPS_PER_CLIENT_PER_HOUR, windowMs: HOUR }),
      );
      if (found === 'busy' || found === 'failed') {
        throw new AppError(503, 'GEOCODER_UNAVAILABLE', 'The pin code lookup is not answering just now. Try again in a moment, or use your location.', { pinCode: 'Try again in a moment.' }, { 'retry-after': '1' });
      }
      const inIndia =
        found !== null && found.lat >= INDIA_BOUNDS.minLat && found.lat <= INDIA_BOUNDS.maxLat && found.lng >= INDIA_BOUNDS.minLng && found.lng <= INDIA_BOUNDS.maxLng;
      if (!found || !inIndia) throw new AppError(404, 'NOT_FOUND', 'We could not find this pin code. Check it, or use your location.', { pinCode: 'We could not find this pin code.' });
      return found;
    },
  );
};
