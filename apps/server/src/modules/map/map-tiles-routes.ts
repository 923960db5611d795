import { MapTileLayerSchema } from '@annadaan/contract/map-tiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The web app's maps read their tile server here rather than from the build (issue 15): one
 * build serves any MAP_TILE_URL. See docs/decisions/026-maps-on-the-web.md.
 */
export const mapTilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/map/tiles',
    {
      schema: {
        tags: ['map'],
        summary: "The map's tile URL template and attribution (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)",
        response: { 200: MapTileLayerSchema },
      },
    },
    async (_request, reply) => {
      // Changes only with a restart of the server.
      void reply.header('cache-control', 'public, max-age=3600');
      return { url: app.config.mapTileUrl, attribution: app.config.mapTileAttribution };
    },
  );
};
