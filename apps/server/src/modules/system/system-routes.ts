import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, MessageResponseSchema } from '@annadaan/contract/common';

/** The web app's wake-up ping and the health check. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/welcome',
    { schema: { tags: ['system'], summary: 'Wake-up ping', response: { 200: MessageResponseSchema } } },
    async () => ({ message: 'Welcome to Annadaan. Save Food, Save Lives.' }),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health: 200 when the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (await app.database.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ message: 'The database is not answering.', code: 'UNAVAILABLE' });
    },
  );
};
