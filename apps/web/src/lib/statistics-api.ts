import { queryOptions } from '@tanstack/react-query';
import type { DailyComparison, FoodWasteSources, StatisticsDataType, StatisticsRegion, StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import { apiRequest } from './api-client';

/*
 * Fetchers and query options for the public statistics endpoints. They live here rather than in
 * one feature because the statistics page and the landing page's Facts strip and pie chart read
 * the same answers, and sharing the query keys lets one cached answer serve both. The answers
 * are typed by the contract but not parsed again here: the server writes them through the same
 * schemas (its response schemas are an allowlist), and parsing them in the browser too put zod
 * (about 25 kB gzipped) and 75 ms of start-up on a slow phone into /stats and the landing page
 * (issue 18).
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
  return apiRequest<YearlyRow[]>(`${BASE}/yearly`, { query: { ...filter }, signal });
}

export async function fetchSummary(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return apiRequest<StatisticsSummary>(`${BASE}/summary`, { query: { region, year }, signal });
}

export async function fetchDailyComparison(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return apiRequest<DailyComparison>(`${BASE}/daily-comparison`, { query: { region, year }, signal });
}

export async function fetchFoodWasteSources(region: StatisticsRegion, year: number, signal?: AbortSignal) {
  return apiRequest<FoodWasteSources>(`${BASE}/food-waste-sources`, { query: { region, year }, signal });
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
