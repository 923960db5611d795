import {
  MonthlyDonationsSchema,
  MonthlyFoodRequestsSchema,
  PlatformImpactSchema,
  RatingStatisticsSchema,
  TopDonorListSchema,
  TopDonorsQuerySchema,
  UserRatingsSchema,
  UserSummarySchema,
} from '@annadaan/contract/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCacheable } from '../../lib/http-cache';
import { errorResponses } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { platformImpact, topDonors } from './analytics-repository';
import { monthlyDonations, monthlyFoodRequests, ratingStatistics, userRatings, userSummary } from './analytics-service';

/** Live figures change with every handover; a minute of caching is fresh enough for a landing page. */
const PUBLIC_MAX_AGE_SECONDS = 60;

/**
 * The dashboard's numbers. Personal routes take the user from the session only, so nobody can
 * ask for someone else's figures; the public ones show names and areas, nothing private.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['analytics'];
  const personal = { onRequest: app.authenticate };

  app.get(
    '/api/analytics/user/summary',
    { ...personal, schema: { tags, security, summary: 'My counters', response: { 200: UserSummarySchema, ...errorResponses } } },
    async (request) => userSummary(app.db, currentUser(request).userId),
  );

  app.get(
    '/api/analytics/user/donations',
    {
      ...personal,
      schema: { tags, security, summary: 'My donations per month, last 12 India-time months', response: { 200: MonthlyDonationsSchema, ...errorResponses } },
    },
    async (request) => monthlyDonations(app.db, currentUser(request).userId, app.clock.now()),
  );

  app.get(
    '/api/analytics/user/food-requests',
    {
      ...personal,
      schema: {
        tags,
        security,
        summary: 'My requests for food per month (on donations and needs), last 12 India-time months',
        response: { 200: MonthlyFoodRequestsSchema, ...errorResponses },
      },
    },
    async (request) => monthlyFoodRequests(app.db, currentUser(request).userId, app.clock.now()),
  );

  app.get(
    '/api/analytics/user/ratings',
    {
      ...personal,
      schema: { tags, security, summary: 'Ratings I gave and received, per star value', response: { 200: UserRatingsSchema, ...errorResponses } },
    },
    async (request) => userRatings(app.db, currentUser(request).userId),
  );

  app.get(
    '/api/ratings/statistics',
    { ...personal, schema: { tags, security, summary: 'Statistics of the ratings I received', response: { 200: RatingStatisticsSchema, ...errorResponses } } },
    async (request) => ratingStatistics(app.db, currentUser(request).userId),
  );

  app.get(
    '/api/analytics/public/top-donors',
    {
      schema: {
        tags,
        summary: 'Top 10 donors by completed handovers (public: names and cities only)',
        querystring: TopDonorsQuerySchema,
        response: { 200: TopDonorListSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => sendCacheable(request, reply, await topDonors(app.db, request.query, app.clock.now()), PUBLIC_MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/public/impact',
    { schema: { tags, summary: "The platform's live figures (public)", response: { 200: PlatformImpactSchema } } },
    async (request, reply) => sendCacheable(request, reply, await platformImpact(app.db), PUBLIC_MAX_AGE_SECONDS),
  );
};
