import { queryOptions } from '@tanstack/react-query';
import {
  DailyComparisonSchema,
  FoodWasteSourcesSchema,
  StatisticsSummarySchema,
  YearlyResponseSchema,
  type StatisticsDataType,
  type StatisticsRegion,
} from '@annadaan/contract/statistics';
import { apiRequest } from './api-client';

/*
 * Fetchers and query options for the public statistics endpoints. They live here rather than in
 * one feature because the statistics page and the landing page's Facts strip and pie chart read
 * the same answers, and sharing the query keys lets one cached answer serve both. Answers are
 * parsed with the contract's schemas; only lazily loaded screens import this module, so zod
 * stays out of the landing page's first load.
 */
const BASE = '/api/analytics/statistics';

/** The server answers change only with a new data file (it sends max-age=3600). */
const STALE_TIME = 60 * 60_000;

export interface YearlyFilter {
  region: StatisticsRegion;
  startYear: number;
  endYear: number;
  dataType: StatisticsDataType;
}

export async function fetchYearly(filter: YearlyFilter, signal?: AbortSignal) {
  return YearlyResponseSchema.parse(await apiRequest<unknown>(`${BASE}/yearly`, { query: { ...filter }, signal }));
}

export async function fetchSummary(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return StatisticsSummarySchema.parse(await apiRequest<unknown>(`${BASE}/summary`, { query: { region, year }, signal }));
}

export async function fetchDailyComparison(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return DailyComparisonSchema.parse(await apiRequest<unknown>(`${BASE}/daily-comparison`, { query: { region, year }, signal }));
}

export async function fetchFoodWasteSources(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return FoodWasteSourcesSchema.parse(await apiRequest<unknown>(`${BASE}/food-waste-sources`, { query: { region, year }, signal }));
}

export const statisticsQueries = {
  yearly: (filter: YearlyFilter) =>
    queryOptions({
      queryKey: ['statistics', 'yearly', filter] as const,
      queryFn: ({ signal }) => fetchYearly(filter, signal),
      staleTime: STALE_TIME,
    }),
  summary: (region: StatisticsRegion, year: number) =>
    queryOptions({
      queryKey: ['statistics', 'summary', region, year] as const,
      queryFn: ({ signal }) => fetchSummary(region, year, signal),
      staleTime: STALE_TIME,
    }),
  dailyComparison: (region: StatisticsRegion, year: number) =>
    queryOptions({
      queryKey: ['statistics', 'daily-comparison', region, year] as const,
      queryFn: ({ signal }) => fetchDailyComparison(region, year, signal),
      staleTime: STALE_TIME,
    }),
  foodWasteSources: (region: StatisticsRegion, year: number) =>
    queryOptions({
      queryKey: ['statistics', 'food-waste-sources', region, year] as const,
      queryFn: ({ signal }) => fetchFoodWasteSources(region, year, signal),
      staleTime: STALE_TIME,
    }),
};
