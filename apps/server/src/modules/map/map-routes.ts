import { MapDonationsAnswerSchema, MapDonationsQuerySchema, MapFoodRequestsAnswerSchema, MapFoodRequestsQuerySchema } from '@annadaan/contract/map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { hasBlocks } from '../blocks/blocks-repository';
import { donationLayer, foodRequestLayer, mapFeatures } from './map-repository';

/** Like browse: a viewport's features may be reused this long by a browser or proxy. */
const MAP_MAX_AGE_SECONDS = 5;

/**
 * What a map shows in a viewport (issue 15): clusters at low zoom, public points at high zoom, at
 * most 500 features. Donations are public like browse; food needs are for people signed in, like
 * their list. See docs/decisions/024-distance-and-map-api.md.
 */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The viewer, when their lists need their blocks left out; undefined for most people, who have none. */
  const blockFilterFor = async (viewerId: number | undefined) => (viewerId !== undefined && (await hasBlocks(app.db, viewerId)) ? viewerId : undefined);

  app.get(
    '/api/map/donations',
    {
      // Public; a signed-in viewer does not see donors they blocked or who blocked them (issue 16).
      preHandler: app.identify,
      schema: {
        tags: ['map'],
        summary:
          'Listed donations in a viewport (public): bbox=minLng,minLat,maxLng,maxLat (at most India-sized) and zoom; clusters below zoom 14, public points from it, at most 500; diet and excludeAllergens filter as on browse',
        querystring: MapDonationsQuerySchema,
        response: { 200: MapDonationsAnswerSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const answer = await mapFeatures(app.db, donationLayer, request.query, app.clock.now(), await blockFilterFor(request.user?.userId));
      void reply.header('cache-control', `public, max-age=${MAP_MAX_AGE_SECONDS}`);
      return answer;
    },
  );

  app.get(
    '/api/map/food-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['map'],
        summary: 'Open food needs in a viewport (signed in): the same bbox, zoom and answer shape as the donations map; diet filters',
        security: [{ bearerAuth: [] }],
        querystring: MapFoodRequestsQuerySchema,
        response: { 200: MapFoodRequestsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => mapFeatures(app.db, foodRequestLayer, request.query, app.clock.now(), await blockFilterFor(currentUser(request).userId)),
  );
};
