import { IdParamSchema } from '@annadaan/contract/common';
import {
  ConfirmPickupInputSchema,
  CreateRequestInputSchema,
  DonationRequestListSchema,
  DonationRequestSchema,
  MyReliabilitySchema,
  MyRequestForDonationSchema,
  PendingReceivedSchema,
  PickupInfoSchema,
  ReceivedRequestsQuerySchema,
} from '@annadaan/contract/requests';
import { PageQuerySchema } from '@annadaan/contract/paging';
import { AcceptRequestInputSchema } from '@annadaan/contract/portions';
import { parseGeolocation } from '@annadaan/contract/geolocation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUR } from '../../lib/clock';
import { AppError } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { countPendingReceived, listReceivedRequests, listSentRequests } from './requests-repository';
import {
  acceptRequest,
  cancelRequest,
  confirmPickup,
  createRequest,
  myReliability,
  myRequestFor,
  readPickupCode,
  rejectRequest,
  renewPickupCode,
} from './requests-service';

const REQUESTS_PER_HOUR = 30;

const DonationIdParamSchema = z.object({ donationId: IdParamSchema.shape.id });

export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['requests'];

  app.post(
    '/api/requests/create/:donationId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Request a donation',
        params: DonationIdParamSchema,
        body: CreateRequestInputSchema,
        response: { 201: DonationRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = app.clock.now();
      await consumeLimit(app.db, now, { key: `request-donation:${user.userId}`, limit: REQUESTS_PER_HOUR, windowMs: HOUR });
      const { delivery, dropoff } = request.body;
      const point = dropoff?.geolocation ? parseGeolocation(dropoff.geolocation) : null;
      const created = await createRequest(
        app.db,
        user.userId,
        request.params.donationId,
        request.body.paymentMethod,
        now,
        delivery === 'DELIVER' && dropoff
          ? { choice: 'DELIVER', dropoff: { address: dropoff.address, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null } }
          : { choice: 'COLLECT' },
        request.body.organisationId ?? null,
        request.body.portions,
        app.config.portionRules,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/requests/my-sent-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Requests I sent, newest first, 20 a page by default (at most 100); the total is in X-Total-Count',
        querystring: PageQuerySchema,
        response: { 200: DonationRequestListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listSentRequests(app.db, currentUser(request).userId, request.query, app.clock.now());
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/requests/my-received-requests',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Requests on my donations (or one donation: ?donationId=), waiting ones first, then newest first, 20 a page by default (at most 100); the total is in X-Total-Count',
        querystring: ReceivedRequestsQuerySchema,
        response: { 200: DonationRequestListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listReceivedRequests(app.db, currentUser(request).userId, request.query, app.clock.now());
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/requests/my-received-requests/pending-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'How many requests on my donations wait for my answer, in all and per donation',
        response: { 200: PendingReceivedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const donations = await countPendingReceived(app.db, currentUser(request).userId, app.clock.now());
      return { pending: donations.reduce((sum, donation) => sum + donation.pending, 0), donations };
    },
  );

  app.get(
    '/api/requests/for-donation/:donationId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My own latest request on one donation (null when I never requested it)',
        params: DonationIdParamSchema,
        response: { 200: MyRequestForDonationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return myRequestFor(app.db, currentUser(request).userId, request.params.donationId, app.clock.now());
    },
  );

  app.get(
    '/api/requests/my-reliability',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My pickups as a receiver and handovers as a donor, and whether the no-show rule limits me now',
        response: { 200: MyReliabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return myReliability(app.db, currentUser(request).userId, app.clock.now());
    },
  );

  const rules = app.config.portionRules;
  app.post(
    '/api/requests/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Accept a request (the donor); on food in portions, optionally fewer portions than asked',
        params: IdParamSchema,
        body: AcceptRequestInputSchema,
        response: { 200: DonationRequestSchema, ...errorResponses },
      },
    },
    async (request) => acceptRequest(app.db, currentUser(request).userId, request.params.id, app.clock.now(), request.body.portions, rules),
  );
  const transitions = [
    ['reject', 'Reject a request (the donor)', rejectRequest],
    ['cancel', 'Withdraw a request (the receiver)', (db, userId, id, now) => cancelRequest(db, userId, id, now, rules)],
  ] as const satisfies readonly (readonly [string, string, (db: typeof app.db, userId: number, id: number, now: Date) => Promise<unknown>])[];
  for (const [action, summary, run] of transitions) {
    app.post(
      `/api/requests/:id/${action}`,
      {
        onRequest: app.authenticate,
        schema: { tags, security, summary, params: IdParamSchema, response: { 200: DonationRequestSchema, ...errorResponses } },
      },
      async (request) => run(app.db, currentUser(request).userId, request.params.id, app.clock.now()),
    );
  }

  app.post(
    '/api/requests/:id/confirm-pickup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Confirm the pickup with the receiver's code (the donor)",
        params: IdParamSchema,
        body: ConfirmPickupInputSchema,
        response: { 200: DonationRequestSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      try {
        return await confirmPickup(app.db, user.userId, request.params.id, request.body.pickupCode, app.clock.now(), request.body.portionsCollected, rules);
      } catch (error) {
        // Wrong entries are worth an audit line; the entered code is deliberately not part of it.
        if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 423)) {
          request.log.warn({ donationRequestId: request.params.id, donorId: user.userId }, 'pickup code rejected');
        }
        throw error;
      }
    },
  );

  app.get(
    '/api/requests/:id/pickup-code',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The pickup code and the donor's contact number (the receiver, once accepted)",
        params: IdParamSchema,
        response: { 200: PickupInfoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return readPickupCode(app.db, currentUser(request).userId, request.params.id, app.clock.now());
    },
  );

  app.post(
    '/api/requests/:id/pickup-code/renew',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'A fresh pickup code (the receiver; at most 3 per request; wrong entries still count)',
        params: IdParamSchema,
        response: { 200: PickupInfoSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return renewPickupCode(app.db, currentUser(request).userId, request.params.id, app.clock.now());
    },
  );
};
