import { OutboxResponseSchema } from '@annadaan/contract/dev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isOutboxNotifier } from './notifier';

/** Messages the built-in notifier sent, newest last. Registered only when DEV_OUTBOX=true. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages sent by the built-in notifier (DEV_OUTBOX=true only)',
        querystring: z.object({ email: z.string().trim().toLowerCase().optional() }),
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request) => {
      const all = isOutboxNotifier(app.notifier) ? app.notifier.messages() : [];
      const { email } = request.query;
      return { messages: email ? all.filter((message) => message.email === email) : all };
    },
  );
};
