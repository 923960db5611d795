import { RatingListSchema, RatingSchema, RatingsQuerySchema, SubmitRatingInputSchema } from '@annadaan/contract/ratings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/http-errors';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { findGivenRating, findRatableRequest, insertRating, listRatings } from './ratings-repository';

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['ratings'];

  app.post(
    '/api/ratings/submit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Rate the other party of a completed pickup (once each)',
        body: SubmitRatingInputSchema,
        response: { 201: RatingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { donationRequestId, rating, comment } = request.body;
      const target = await findRatableRequest(app.db, donationRequestId);
      // Only the two parties may know the request exists.
      if (!target || (target.donorId !== user.userId && target.receiverId !== user.userId)) throw notFound('REQUEST_NOT_FOUND');
      if (target.status !== 'COMPLETED') throw conflict('RATING_NOT_COMPLETED');
      const rateeId = target.donorId === user.userId ? target.receiverId : target.donorId;
      let id: number;
      try {
        id = await insertRating(app.db, { donationRequestId, raterId: user.userId, rateeId, rating, comment }, app.clock.now());
      } catch (error) {
        // The unique constraint, not a prior read, decides: two quick submits cannot both count.
        if (isUniqueViolation(error)) throw conflict('RATING_DUPLICATE');
        throw error;
      }
      const created = await findGivenRating(app.db, user.userId, id);
      if (!created) throw new Error(`rating ${id} vanished after insert`);
      return reply.status(201).send(created);
    },
  );

  for (const direction of ['given', 'received'] as const) {
    app.get(
      `/api/ratings/${direction}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          security,
          summary: `Ratings I ${direction === 'given' ? 'gave' : 'received'}, newest first, 20 a page by default (at most 100); the total is in X-Total-Count`,
          querystring: RatingsQuerySchema,
          response: { 200: RatingListSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { total, items } = await listRatings(app.db, currentUser(request).userId, direction, request.query);
        void reply.header('x-total-count', String(total));
        return items;
      },
    );
  }
};
