import { IdParamSchema } from '@annadaan/contract/common';
import {
  BrowseDonationListSchema,
  BrowseQuerySchema,
  CreateDonationInputSchema,
  DonationListSchema,
  DonationDetailSchema,
  DonationSchema,
  NewDonationsQuerySchema,
  NewDonationsSchema,
} from '@annadaan/contract/donations';
import { PageQuerySchema } from '@annadaan/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { hasBlocks } from '../blocks/blocks-repository';
import { countNewDonations } from './browse-queries';
import { findDonation, isAwaitingPickupBy, listDonorDonations, publicDonation } from './donations-repository';
import { cancelDonation, createDonation } from './donations-service';

/** Posting is cheap to do and costly to moderate: a generous cap per donor and hour. */
const DONATIONS_PER_HOUR = 30;
/** Public listings may be reused this long by a browser or proxy: as long as the server keeps them. */
const LISTING_MAX_AGE_SECONDS = 5;

export const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    '/api/donations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['donations'],
        summary: 'Donate food',
        security,
        body: CreateDonationInputSchema,
        response: { 201: DonationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `donate:${user.userId}`, limit: DONATIONS_PER_HOUR, windowMs: HOUR });
      const donation = await createDonation(app.db, user.userId, request.body, now);
      return reply.status(201).send(donation);
    },
  );

  app.get(
    '/api/donations/my-donations',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['donations'],
        summary: 'My donations, newest first, 20 a page by default (at most 100); the total is in X-Total-Count',
        security,
        querystring: PageQuerySchema,
        response: { 200: DonationListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listDonorDonations(app.db, currentUser(request).userId, request.query, app.clock.now());
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/donations/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['donations'],
        summary: 'Withdraw a donation (its donor only)',
        security,
        params: IdParamSchema,
        response: { 200: DonationSchema, ...errorResponses },
      },
    },
    async (request) => cancelDonation(app.db, currentUser(request).userId, request.params.id, app.clock.now()),
  );

  app.get(
    '/api/browse/donations',
    {
      // Anyone may read it; a signed-in reader does not see donors they blocked or who blocked them.
      preHandler: app.identify,
      schema: {
        tags: ['donations'],
        summary:
          'Listed donations (public): filtered, sorted and paged; the total is in X-Total-Count. With lat and lng every item has distanceKm (to its ~500 m public point); radiusKm (0.5-50) keeps those within it',
        querystring: BrowseQuerySchema,
        response: { 200: BrowseDonationListSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      // `Cache-Control: no-cache` (a hard reload) asks for a fresh read instead of a kept listing.
      const fresh = /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
      const viewer = request.user?.userId;
      const notBlockedFor = viewer !== undefined && (await hasBlocks(app.db, viewer)) ? viewer : undefined;
      const { total, donations } = await app.browseCache.browse(app.db, request.query, app.clock.now(), { fresh, notBlockedFor });
      // Kept as long as the server keeps a listing; signed-in callers get no-store (plugins/cache-control).
      void reply.header('x-total-count', String(total)).header('cache-control', `public, max-age=${LISTING_MAX_AGE_SECONDS}`);
      return donations.map((donation) => ({ ...publicDonation(donation), distanceKm: donation.distanceKm }));
    },
  );

  app.get(
    '/api/browse/new-donations',
    {
      // Anyone may ask; a signed-in reader is not told of food from donors blocked either way.
      preHandler: app.identify,
      schema: {
        tags: ['donations'],
        summary:
          'How many listed donations matching the filters arrived after `since` (public; Browse polls it to offer "N new donations"); `newest` is the next `since`',
        querystring: NewDonationsQuerySchema,
        response: { 200: NewDonationsSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const viewer = request.user?.userId;
      const notBlockedFor = viewer !== undefined && (await hasBlocks(app.db, viewer)) ? viewer : undefined;
      const answer = await countNewDonations(app.db, request.query, request.query.since, app.clock.now(), notBlockedFor);
      // Two primary-key reads; a proxy or browser may reuse an anonymous answer as briefly as a listing.
      void reply.header('cache-control', `public, max-age=${LISTING_MAX_AGE_SECONDS}`);
      return answer;
    },
  );

  app.get(
    '/api/browse/donations/:id',
    {
      // Anyone may read it; a signed-in donor or the receiver awaiting pickup gets the pickup address.
      preHandler: app.identify,
      schema: {
        tags: ['donations'],
        summary:
          'One donation in any status (public: the area and a ~500 m point; the donor and the receiver awaiting pickup also get the pickup address and exact point; signed-in readers the donor id; hidden ones are 404 but to their donor and admins)',
        security: [{}, { bearerAuth: [] }],
        params: IdParamSchema,
        response: { 200: DonationDetailSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const donation = await findDonation(app.db, request.params.id, now);
      if (!donation) throw notFound('DONATION_NOT_FOUND');
      const viewer = request.user?.userId;
      // Hidden by an admin (issue 16): gone for everyone but its donor and the admins.
      if (donation.hidden && viewer !== donation.donorId && request.user?.role !== 'ADMIN') throw notFound('DONATION_NOT_FOUND');
      if (viewer !== undefined && (viewer === donation.donorId || (await isAwaitingPickupBy(app.db, donation.id, viewer, now)))) {
        return donation;
      }
      const { donorId, ...shown } = publicDonation(donation);
      if (viewer !== undefined) return { ...shown, donorId };
      void reply.header('cache-control', `public, max-age=${LISTING_MAX_AGE_SECONDS}`);
      return shown;
    },
  );
};
