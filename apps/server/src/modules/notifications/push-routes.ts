import {
  PushPublicKeySchema,
  PushSubscribedSchema,
  PushSubscriptionInputSchema,
  PushUnsubscribeInputSchema,
  PushUnsubscribedSchema,
} from '@annadaan/contract/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { badRequest } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { endpointProblem } from './push-endpoint-guard';
import { deleteOwnSubscription, saveSubscription } from './push-repository';

/** Subscribing is cheap to call and each one writes; a person re-subscribes a few times a day at most. */
const SUBSCRIBES_PER_HOUR = 30;

/** Web Push: the server's public key and the caller's own subscriptions (issue 14, decision 021). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), the applicationServerKey for pushManager.subscribe",
        response: { 200: PushPublicKeySchema, ...errorResponses },
      },
    },
    async () => ({ publicKey: (await app.pushKeys.get()).publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Send my notifications to this browser: the PushSubscription as toJSON() gives it. An endpoint held by another account moves to me; I keep at most 10, the oldest dropped',
        body: PushSubscriptionInputSchema,
        response: { 201: PushSubscribedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, app.config.pushAllowedOrigins, 'subscribe');
      if (problem) throw badRequest(problem).onField('endpoint');
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `push-subscribe:user:${userId}`, limit: SUBSCRIBES_PER_HOUR, windowMs: HOUR });
      await saveSubscription(app.db, app.database.dialect, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, now);
      return reply.status(201).send({ subscribed: true as const });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Stop sending my notifications to this browser ({ endpoint }); only my own subscription is removed',
        body: PushUnsubscribeInputSchema,
        response: { 200: PushUnsubscribedSchema, ...errorResponses },
      },
    },
    async (request) => ({ removed: await deleteOwnSubscription(app.db, currentUser(request).userId, request.body.endpoint) }),
  );
};
