import { IdParamSchema } from '@annadaan/contract/common';
import { JoinWaitlistInputSchema, MyWaitlistEntrySchema, PortionRulesSchema, WaitlistEntrySchema } from '@annadaan/contract/portions';
import { DonationRequestSchema } from '@annadaan/contract/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { joinWaitlist, leaveWaitlist, myWaitlistEntry, takeOffer } from './waitlist-service';

/** Joins and leaves a person may make in an hour, across all donations. */
const WAITLIST_CHANGES_PER_HOUR = 30;

const DonationIdParamSchema = z.object({ donationId: IdParamSchema.shape.id });

/** Portions, the waitlist and fair shares (issue 33; decision 053). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['waitlist'];
  const rules = app.config.portionRules;

  app.get(
    '/api/portions/rules',
    {
      schema: {
        tags,
        summary: "The fair-share rules: portions per account per day, an organisation's, the waitlist's offer time, the time to collect",
        response: { 200: PortionRulesSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return rules;
    },
  );

  app.post(
    '/api/donations/:donationId/waitlist',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Join the waitlist for portions of a donation with nothing left',
        params: DonationIdParamSchema,
        body: JoinWaitlistInputSchema,
        response: { 201: WaitlistEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `waitlist:${user.userId}`, limit: WAITLIST_CHANGES_PER_HOUR, windowMs: HOUR });
      const entry = await joinWaitlist(app.db, user.userId, request.params.donationId, request.body, now, rules);
      return reply.status(201).send(entry);
    },
  );

  app.get(
    '/api/donations/:donationId/waitlist/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My place on the waitlist of a donation, with an open offer (null when I never joined)',
        params: DonationIdParamSchema,
        response: { 200: MyWaitlistEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { entry: await myWaitlistEntry(app.db, currentUser(request).userId, request.params.donationId) };
    },
  );

  app.post(
    '/api/waitlist/:id/take',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Take the portions offered to me: they become an accepted request with its own pickup code',
        params: IdParamSchema,
        response: { 200: DonationRequestSchema, ...errorResponses },
      },
    },
    async (request) => takeOffer(app.db, currentUser(request).userId, request.params.id, app.clock.now(), rules),
  );

  app.post(
    '/api/waitlist/:id/leave',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Leave the waitlist, or pass an offer to the next in line',
        params: IdParamSchema,
        response: { 200: WaitlistEntrySchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `waitlist:${user.userId}`, limit: WAITLIST_CHANGES_PER_HOUR, windowMs: HOUR });
      return leaveWaitlist(app.db, user.userId, request.params.id, now, rules);
    },
  );
};
