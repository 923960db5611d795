import { AlertListSchema, AlertSchema, CreateAlertInputSchema } from '@annadaan/contract/alerts';
import { IdParamSchema } from '@annadaan/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { forbidden, notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { deleteAlert, listAlerts } from './alerts-repository';
import { createAlert } from './alerts-service';

/** Saving and deleting alerts is cheap, but each save is matched against every new donation nearby. */
const ALERT_SAVES_PER_HOUR = 30;

/**
 * Who may save an alert: receivers, the people who collect food. Donors list food and admins run
 * the platform; volunteers exist as a role with no feature yet. See docs/decisions/023.
 */
const MAY_SAVE_ALERTS = new Set(['RECEIVER']);

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    '/api/alerts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['alerts'],
        summary: 'Save a nearby-food alert (receivers only; at most 5 per person)',
        security,
        body: CreateAlertInputSchema,
        response: { 201: AlertSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!MAY_SAVE_ALERTS.has(user.role)) throw forbidden('ALERTS_RECEIVERS_ONLY');
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `alert-save:${user.userId}`, limit: ALERT_SAVES_PER_HOUR, windowMs: HOUR });
      const alert = await createAlert(app.db, user.userId, request.body, now);
      return reply.status(201).send(alert);
    },
  );

  app.get(
    '/api/alerts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['alerts'],
        summary: 'My nearby-food alerts (never anyone else’s), oldest first',
        security,
        response: { 200: AlertListSchema, ...errorResponses },
      },
    },
    async (request) => listAlerts(app.db, currentUser(request).userId),
  );

  app.delete(
    '/api/alerts/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['alerts'],
        summary: 'Delete one of my nearby-food alerts (anyone else’s is 404)',
        security,
        params: IdParamSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      const deleted = await app.db.transaction().execute((trx) => deleteAlert(trx, userId, request.params.id));
      if (!deleted) throw notFound('ALERT_NOT_FOUND');
      return reply.status(204).send(null);
    },
  );
};
