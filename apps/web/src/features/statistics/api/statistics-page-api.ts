import { useQuery } from '@tanstack/react-query';
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
 * The statistics page's four calls. None waits for another, so on every filter change they run in
 * parallel (summary, daily comparison and sources use the end year). Four useQuery calls rather
 * than useQueries, whose observer of a list of queries (1.4 kB gzipped) this fixed set does not
 * need in /stats's first load (issue 18, decision 043).
 */
export function useStatisticsPageData(filter: StatisticsFilter) {
  const [yearlyQuery, summaryQuery, dailyQuery, sourcesQuery] = statisticsPageQueries(filter);
  const yearly = useQuery(yearlyQuery);
  const summary = useQuery(summaryQuery);
  const daily = useQuery(dailyQuery);
  const sources = useQuery(sourcesQuery);
  return { yearly, summary, daily, sources };
}
