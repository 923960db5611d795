import { PinCodeParamSchema, PinCodePlaceSchema, ReverseGeocodeQuerySchema, ReverseGeocodeSchema } from '@annadaan/contract/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { consumeLimit } from '../../plugins/rate-limit';
import { findPinCode } from './pin-codes';
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
    '/api/pincodes/:pin',
    {
      schema: {
        tags: ['geo'],
        summary: "A pin code's centroid, district and state, from the bundled open data (no network call); a reference point for near me",
        params: PinCodeParamSchema,
        response: { 200: PinCodePlaceSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request, reply) => {
      const place = findPinCode(request.params.pin);
      if (!place) throw notFound('PIN_CODE_UNKNOWN').onField('pin');
      // The table changes only with a new release.
      void reply.header('cache-control', 'public, max-age=86400');
      return place;
    },
  );
};
