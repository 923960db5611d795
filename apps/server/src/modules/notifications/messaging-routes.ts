import {
  ConfirmPhoneInputSchema,
  KIND_GROUPS,
  MESSAGING_CHANNELS,
  MessagingRefusalListSchema,
  MessagingSettingsSchema,
  MessagingUsageSchema,
  UpdateConsentInputSchema,
} from '@annadaan/contract/messaging';
import { PageQuerySchema } from '@annadaan/contract/paging';
import { nationalMobile } from '@annadaan/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY } from '../../lib/clock';
import { conflict } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { listRefusedSends, readConsents, readDailyUsage, writeConsent } from './messaging-repository';
import { SHORT_LINKS, type ShortLink } from './messaging-templates';
import { messagingWebhooks } from './messaging-webhooks';
import { confirmPhoneCode, sendPhoneCode } from './phone-verification';

/**
 * The person's phone and WhatsApp/SMS consent, the short links messages carry, the admins' view
 * of messages refused for good, and the providers' webhooks (decision 049).
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['messaging'];

  const settings = async (userId: number) => {
    const person = await app.db.selectFrom('users').select(['contact_number', 'phone_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    return {
      phone: nationalMobile(person.contact_number),
      verified: person.phone_verified_at !== null,
      verifiedAt: person.phone_verified_at,
      consent: await readConsents(app.db, userId),
      // Without credentials messages go to the dev outbox, where one is kept (never in production).
      available: {
        whatsapp: app.messaging.providers.whatsapp !== null || app.config.devOutbox,
        sms: app.messaging.providers.sms !== null || app.config.devOutbox,
      },
    };
  };

  app.get(
    '/api/me/messaging',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My phone, whether it is verified, and my WhatsApp and SMS consent',
        response: { 200: MessagingSettingsSchema, ...errorResponses },
      },
    },
    async (request) => settings(currentUser(request).userId),
  );

  app.put(
    '/api/me/messaging/consent',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Switch WhatsApp or SMS on or off, for handover messages and for food-near-you alerts (on needs a verified phone)',
        body: UpdateConsentInputSchema,
        response: { 200: MessagingSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      const wantsOn = MESSAGING_CHANNELS.some((channel) => KIND_GROUPS.some((group) => request.body[channel]?.[group] === true));
      if (wantsOn) {
        const person = await app.db.selectFrom('users').select('phone_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
        if (person.phone_verified_at === null) throw conflict('PHONE_NOT_VERIFIED');
      }
      await app.db.transaction().execute(async (trx) => {
        for (const channel of MESSAGING_CHANNELS) {
          for (const group of KIND_GROUPS) {
            const on = request.body[channel]?.[group];
            if (on !== undefined) await writeConsent(trx, userId, channel, group, on, 'settings', now);
          }
        }
      });
      return settings(userId);
    },
  );

  app.post(
    '/api/me/phone/verification',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Send a 6-digit code by SMS to my phone number (a few per hour)',
        response: { 202: z.object({ endingIn: z.string(), expiresAt: z.string() }), 503: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const sent = await sendPhoneCode(app, currentUser(request).userId, request.ip, app.clock.now());
      return reply.code(202).send(sent);
    },
  );

  app.post(
    '/api/me/phone/verification/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Verify my phone number with the code sent by SMS',
        body: ConfirmPhoneInputSchema,
        response: { 200: MessagingSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await confirmPhoneCode(app, userId, request.body.code, app.clock.now());
      return settings(userId);
    },
  );

  // A link in a message is one SMS variable of at most 40 characters: PUBLIC_URL/s/<letter>.
  app.get('/s/:alias', { schema: { hide: true, params: z.object({ alias: z.string().max(4) }) } }, async (request, reply) => {
    const target = SHORT_LINKS[request.params.alias as ShortLink];
    return reply.redirect(Object.hasOwn(SHORT_LINKS, request.params.alias) && target ? target : '/', 302);
  });

  app.get(
    '/api/admin/messaging/failures',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'WhatsApp and SMS messages a provider refused for good (not retried), newest first, a page at a time; the total is in X-Total-Count',
        querystring: PageQuerySchema,
        response: { 200: MessagingRefusalListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listRefusedSends(app.db, request.query);
      void reply.header('x-total-count', String(total));
      return { failures: items };
    },
  );

  app.get(
    '/api/admin/messaging/usage',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: "Each channel's messages in the current 24-hour window against its daily cap, and whether the cap is reached",
        response: { 200: MessagingUsageSchema, ...errorResponses },
      },
    },
    async () => ({ channels: await readDailyUsage(app.db, app.config.dailyCaps, app.clock.now(), DAY) }),
  );

  await app.register(messagingWebhooks);
};
