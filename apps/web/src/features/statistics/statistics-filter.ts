import { STATISTICS_FIRST_YEAR, STATISTICS_LAST_YEAR, StatisticsDataType, StatisticsRegion } from '@annadaan/contract/statistics-figures';
import type { YearlyFilter } from '../../lib/statistics-api';

export type StatisticsFilter = YearlyFilter;

export const DEFAULT_FILTER: StatisticsFilter = {
  region: StatisticsRegion.INDIA,
  startYear: 2020,
  endYear: 2025,
  dataType: StatisticsDataType.BOTH,
};

/** 2015 to 2025: the 11 years the data file covers (spec section 5). */
export const YEARS: readonly number[] = Array.from({ length: STATISTICS_LAST_YEAR - STATISTICS_FIRST_YEAR + 1 }, (_, index) => STATISTICS_FIRST_YEAR + index);

/** End-year choices never start before the chosen start year. */
export function endYearOptions(startYear: number): number[] {
  return YEARS.filter((year) => year >= startYear);
}

/** A new start year pulls the end year along when it would otherwise come first. */
export function withStartYear(filter: StatisticsFilter, startYear: number): StatisticsFilter {
  return { ...filter, startYear, endYear: Math.max(filter.endYear, startYear) };
}
