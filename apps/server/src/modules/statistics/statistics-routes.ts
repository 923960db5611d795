import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@annadaan/contract/common';
import {
  DailyComparisonSchema,
  FoodWasteSourcesSchema,
  GrowthRateQuerySchema,
  GrowthRateSchema,
  ProvenanceResponseSchema,
  RegionYearQuerySchema,
  StatisticsSummarySchema,
  YearlyQuerySchema,
  YearlyResponseSchema,
} from '@annadaan/contract/statistics';
import { sendCacheable } from '../../lib/http-cache';
import { type StatisticsData, loadStatisticsData } from './statistics-data';
import { dailyComparison, foodWasteSources, growthRate, provenanceTable, summary, yearlyRows } from './statistics-service';

/** The figures change only with a new data file, so an hour of caching is safe; ETags revalidate. */
const MAX_AGE_SECONDS = 3600;

export interface StatisticsRoutesOptions {
  /** Tests may pass other data; the app uses the bundled data file. */
  data?: StatisticsData;
}

/** Public hunger and food-waste statistics, all read from the versioned data file. */
export const statisticsRoutes: FastifyPluginAsyncZod<StatisticsRoutesOptions> = async (app, options) => {
  // Validated once at start: a broken data file stops the server instead of serving bad numbers.
  const data = options.data ?? loadStatisticsData();
  const provenance = provenanceTable(data);
  const tags = ['statistics'];
  const errors = { 400: ErrorResponseSchema };

  app.get(
    '/api/analytics/statistics/yearly',
    { schema: { tags, summary: 'Hunger and food waste per year', querystring: YearlyQuerySchema, response: { 200: YearlyResponseSchema, ...errors } } },
    async (request, reply) => sendCacheable(request, reply, yearlyRows(data, request.query), MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/statistics/summary',
    { schema: { tags, summary: 'Summary for a region and year', querystring: RegionYearQuerySchema, response: { 200: StatisticsSummarySchema, ...errors } } },
    async (request, reply) => sendCacheable(request, reply, summary(data, request.query.region, request.query.year), MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/statistics/daily-comparison',
    {
      schema: {
        tags,
        summary: 'Hungry people against people the waste could feed',
        querystring: RegionYearQuerySchema,
        response: { 200: DailyComparisonSchema, ...errors },
      },
    },
    async (request, reply) => sendCacheable(request, reply, dailyComparison(data, request.query.region, request.query.year), MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/statistics/food-waste-sources',
    { schema: { tags, summary: 'Food waste by source (pie chart)', querystring: RegionYearQuerySchema, response: { 200: FoodWasteSourcesSchema, ...errors } } },
    async (request, reply) => sendCacheable(request, reply, foodWasteSources(data, request.query.region, request.query.year), MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/statistics/growth-rate',
    {
      schema: {
        tags,
        summary: 'Compound annual growth rate between two years',
        querystring: GrowthRateQuerySchema,
        response: { 200: GrowthRateSchema, ...errors },
      },
    },
    async (request, reply) => sendCacheable(request, reply, growthRate(data, request.query), MAX_AGE_SECONDS),
  );

  app.get(
    '/api/analytics/public/provenance',
    { schema: { tags, summary: 'Where every statistic comes from, and the formulas', response: { 200: ProvenanceResponseSchema } } },
    async (request, reply) => sendCacheable(request, reply, provenance, MAX_AGE_SECONDS),
  );
};
