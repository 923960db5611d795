import { MESSAGES } from '@annadaan/contract/message-codes';
import {
  CONTACT_PER_ADDRESS_PER_HOUR,
  ContactInputSchema,
  ContactMessageListSchema,
  ContactMessagesQuerySchema,
  ContactReceiptSchema,
} from '@annadaan/contract/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { AppError } from '../../lib/http-errors';
import { coded } from '@annadaan/contract/message-codes';
import { errorResponses } from '../../lib/route-schemas';
import { consumeLimit } from '../../plugins/rate-limit';
import { insertContactMessage, listContactMessages } from './contact-repository';

/**
 * Per client address on top of the per-email cap, so one machine cannot fill the inbox by
 * inventing addresses; generous, because offices and mobile networks share addresses.
 */
const CONTACT_PER_IP_PER_HOUR = 30;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      // Anyone may write; a signed-in sender's account is noted so an admin can tell who it was.
      preHandler: app.identify,
      schema: {
        tags: ['contact'],
        summary: `Send a message to the team (at most ${CONTACT_PER_ADDRESS_PER_HOUR} per email address and hour)`,
        body: ContactInputSchema,
        response: { 201: ContactReceiptSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const { name, email, subject, message } = request.body;
      try {
        await consumeLimit(app.db, now, { key: `contact-ip:${request.ip}`, limit: CONTACT_PER_IP_PER_HOUR, windowMs: HOUR });
        await consumeLimit(app.db, now, { key: `contact-email:${email}`, limit: CONTACT_PER_ADDRESS_PER_HOUR, windowMs: HOUR });
      } catch (error) {
        // Same 429 and Retry-After, with words that fit a contact form.
        if (error instanceof AppError && error.statusCode === 429) {
          throw new AppError(429, error.code, coded('CONTACT_TOO_MANY'), { headers: error.headers });
        }
        throw error;
      }
      const id = await insertContactMessage(app.db, { userId: request.user?.userId ?? null, name, email, subject, message }, now);
      return reply.status(201).send({ id, message: MESSAGES.CONTACT_SENT });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Contact & Help messages, newest first; the total is in X-Total-Count',
        querystring: ContactMessagesQuerySchema,
        response: { 200: ContactMessageListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listContactMessages(app.db, request.query);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );
};
