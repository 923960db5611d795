import { ReverseGeocodeQuerySchema, ReverseGeocodeSchema } from '@annadaan/contract/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { createReverseGeocoder } from './reverse-geocoder';

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
        summary: 'Address and pin code at a position; an empty address when the lookup fails',
        querystring: ReverseGeocodeQuerySchema,
        response: { 200: ReverseGeocodeSchema, 400: errorResponses[400] },
      },
    },
    async (request) => geocoder.reverse(request.query.lat, request.query.lon),
  );
};
