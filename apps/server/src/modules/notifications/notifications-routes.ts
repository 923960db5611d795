import { msg } from '@annadaan/contract/message-codes';
import {
  MarkReadInputSchema,
  MarkReadResultSchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
} from '@annadaan/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { countUnread, listNotifications, markRead } from './notifications-repository';

const lastEventIdMessage = msg('LAST_EVENT_ID_INVALID');

/** The signed-in person's own notifications; nobody reads or marks another's (every query is by the caller's id). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, 20 a page by default (at most 100); pass nextCursor as cursor for older ones',
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema, ...errorResponses },
      },
    },
    async (request) => listNotifications(app.db, currentUser(request).userId, request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'How many of my notifications are unread (the bell)', response: { 200: UnreadCountSchema, ...errorResponses } },
    },
    async (request) => ({ count: await countUnread(app.db, currentUser(request).userId) }),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mark my notifications read: { ids } (ids that are not mine are ignored) or { all: true }',
        body: MarkReadInputSchema,
        response: { 200: MarkReadResultSchema, ...errorResponses },
      },
    },
    async (request) => ({ marked: await markRead(app.db, currentUser(request).userId, request.body.all ? undefined : request.body.ids, app.clock.now()) }),
  );

  app.get(
    '/api/events',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Server-Sent Events for me: each new notification as event "notification" (data: the notification, id: its id), a heartbeat comment every 15 s; send Last-Event-ID to resume',
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,10}$/, lastEventIdMessage)
            .optional(),
        }),
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const given = request.headers['last-event-id'];
      await app.liveEvents.open(request, reply, currentUser(request).userId, given === undefined ? undefined : Number(given));
    },
  );
};
