import { DirectorySearchQuerySchema, DirectoryUserListSchema } from '@annadaan/contract/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { searchDirectory } from './directory-service';

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/directory/users/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['directory'],
        security: [{ bearerAuth: [] }],
        summary: 'Find people by role, location and active status; contacts masked unless shared; the total is in X-Total-Count',
        querystring: DirectorySearchQuerySchema,
        response: { 200: DirectoryUserListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, cards } = await searchDirectory(app.db, currentUser(request), request.query);
      void reply.header('x-total-count', String(total));
      return cards;
    },
  );
};
