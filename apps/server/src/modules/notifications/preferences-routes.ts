import {
  NOTIFICATION_KIND_LABELS,
  NotificationPreferencesSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  UpdateNotificationPreferencesInputSchema,
} from '@annadaan/contract/notification-preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { channelEnabled, readPreferences, switchEmailOff, userExists, writePreferences } from './preferences-repository';
import { readUnsubscribeToken } from './unsubscribe-tokens';

/** Bodies a mail client's one-click POST may carry (RFC 8058); their content is not needed, the token is in the URL. */
const ONE_CLICK_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The signed-in person's notification preferences, and the unsubscribe link of an email, which
 * works without signing in: its token switches off one kind's email for one person, nothing more.
 * GET never changes anything (mail scanners fetch links); only POST does.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];

  // Encapsulated in this plugin: the one-click POST's form body is read and dropped, unparsed.
  app.addContentTypeParser(ONE_CLICK_BODY_TYPES, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  app.get(
    '/api/notification-preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My notification preferences: push and email per kind (in-app is always on) and quiet hours',
        response: { 200: NotificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => readPreferences(app.db, currentUser(request).userId),
  );

  app.put(
    '/api/notification-preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Set my notification preferences: the kinds given and the quiet hours when given (the rest stay); security email stays on',
        body: UpdateNotificationPreferencesInputSchema,
        response: { 200: NotificationPreferencesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await app.db.transaction().execute((trx) => writePreferences(trx, userId, request.body, app.clock.now()));
      return readPreferences(app.db, userId);
    },
  );

  const readToken = async (token: string) => {
    const named = await readUnsubscribeToken(app.db, token, app.clock.now());
    if (!named || !(await userExists(app.db, named.userId))) throw badRequest('UNSUBSCRIBE_LINK_INVALID').onField('token');
    return named;
  };

  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an email unsubscribe link would switch off, and whether that email is on now (changes nothing)',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeResultSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const { userId, kind } = await readToken(request.query.token);
      return { kind, label: NOTIFICATION_KIND_LABELS[kind].label, email: await channelEnabled(app.db, userId, kind, 'email') };
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Switch off the email an unsubscribe link names; also the RFC 8058 one-click target (List-Unsubscribe-Post), no sign-in',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeResultSchema, 400: errorResponses[400] },
      },
    },
    async (request) => {
      const { userId, kind } = await readToken(request.query.token);
      await switchEmailOff(app.db, userId, kind, app.clock.now());
      return { kind, label: NOTIFICATION_KIND_LABELS[kind].label, email: false };
    },
  );
};
