import { useQueries } from '@tanstack/react-query';
import { statisticsQueries } from '../../../lib/statistics-api';
import type { StatisticsFilter } from '../statistics-filter';

/** The page's four reads for a filter, also what the route reads before the page is drawn. */
export function statisticsPageQueries(filter: StatisticsFilter) {
  return [
    statisticsQueries.yearly(filter),
    statisticsQueries.summary(filter.region, filter.endYear),
    statisticsQueries.dailyComparison(filter.region, filter.endYear),
    statisticsQueries.foodWasteSources(filter.region, filter.endYear),
  ] as const;
}

/**
 * The statistics page's four calls. useQueries starts them together, so on every filter change
 * they run in parallel rather than one after another (summary, daily comparison and sources use
 * the end year).
 */
export function useStatisticsPageData(filter: StatisticsFilter) {
  const [yearly, summary, daily, sources] = useQueries({ queries: statisticsPageQueries(filter) });
  return { yearly, summary, daily, sources };
}
