import { IdParamSchema } from '@annadaan/contract/common';
import {
  CreateFoodRequestInputSchema,
  FoodRequestStatus,
  MyFoodRequestListSchema,
  MyFoodRequestSchema,
  MyFoodRequestsQuerySchema,
  OpenFoodRequestListSchema,
  OpenFoodRequestsQuerySchema,
  PublicFoodNeedSchema,
  foodRequestExpiryProblem,
} from '@annadaan/contract/food-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { hasBlocks } from '../blocks/blocks-repository';
import { consumeLimit } from '../../plugins/rate-limit';
import { closeFoodRequest, findFoodRequest, findPublicFoodRequest, insertFoodRequest, listMyFoodRequests, listOpenFoodRequests } from './food-needs-repository';

/** Needs are read by everyone signed in; a cap keeps one account from flooding the list. */
const FOOD_REQUESTS_PER_HOUR = 20;

/** Need-based food requests: a person says what they need; others signed in can see open needs. */
export const foodNeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['food-requests'];

  app.post(
    '/api/food-requests/create',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Post a food need', body: CreateFoodRequestInputSchema, response: { 201: MyFoodRequestSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const now = app.clock.now();
      const problem = foodRequestExpiryProblem(request.body.requestExpiryTime, now);
      if (problem) throw badRequest(problem).onField('requestExpiryTime');
      await consumeLimit(app.db, now, { key: `food-request:${userId}`, limit: FOOD_REQUESTS_PER_HOUR, windowMs: HOUR });
      const id = await app.db.transaction().execute((trx) => insertFoodRequest(trx, userId, request.body, now));
      const created = await findFoodRequest(app.db, id, now);
      if (!created) throw new Error(`food request ${id} vanished after insert`);
      // The response schema is an allowlist: requesterId stays on the server.
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/food-requests/my',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My food needs, newest first; the total is in X-Total-Count',
        querystring: MyFoodRequestsQuerySchema,
        response: { 200: MyFoodRequestListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listMyFoodRequests(app.db, currentUser(request).userId, request.query, app.clock.now());
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/food-requests/open',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Open food needs, newest first; `location` of 6 digits is an exact pin code; the total is in X-Total-Count',
        querystring: OpenFoodRequestsQuerySchema,
        response: { 200: OpenFoodRequestListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const viewer = (await hasBlocks(app.db, userId)) ? userId : undefined;
      const { total, items } = await listOpenFoodRequests(app.db, request.query, app.clock.now(), viewer);
      void reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/food-requests/:id/public',
    {
      schema: {
        tags,
        summary: "A need's public page (issue 18): what, for how many, by when, and the pin code's district; no name, contact, address or message",
        params: IdParamSchema,
        response: { 200: PublicFoodNeedSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request, reply) => {
      const need = await findPublicFoodRequest(app.db, request.params.id, app.clock.now());
      if (!need) throw notFound('FOOD_REQUEST_NOT_FOUND');
      // Shared links are opened by many at once; a minute is fresh enough for a need.
      void reply.header('cache-control', 'public, max-age=60');
      return need;
    },
  );

  const transitions = [
    { path: 'cancel', to: FoodRequestStatus.CANCELLED, summary: 'Withdraw my food need' },
    { path: 'fulfil', to: FoodRequestStatus.FULFILLED, summary: 'Mark my food need as met' },
  ] as const;
  for (const transition of transitions) {
    app.post(
      `/api/food-requests/:id/${transition.path}`,
      {
        onRequest: app.authenticate,
        schema: { tags, security, summary: transition.summary, params: IdParamSchema, response: { 200: MyFoodRequestSchema, ...errorResponses } },
      },
      async (request) => {
        const { userId } = currentUser(request);
        const now = app.clock.now();
        const { id } = request.params;
        const existing = await findFoodRequest(app.db, id, now);
        if (!existing) throw notFound('FOOD_REQUEST_NOT_FOUND');
        // Open needs are listed to everyone signed in, so hiding the need behind a 404 would hide nothing.
        if (existing.requesterId !== userId) throw forbidden('FOOD_REQUEST_NOT_YOURS');
        if (!(await app.db.transaction().execute((trx) => closeFoodRequest(trx, id, userId, transition.to, now)))) {
          const latest = await findFoodRequest(app.db, id, now);
          throw conflict(latest?.status === FoodRequestStatus.EXPIRED ? 'FOOD_REQUEST_EXPIRED' : 'FOOD_REQUEST_NOT_OPEN');
        }
        const updated = await findFoodRequest(app.db, id, now);
        if (!updated) throw notFound('FOOD_REQUEST_NOT_FOUND');
        return updated;
      },
    );
  }
};
