import { FOOD_WASTE_SOURCES, cagr, type FoodWasteSource } from '@annadaan/contract/statistics-figures';
import type { DailyComparison, FoodWasteSources, StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import type { StatisticFigures } from '../../lib/statistic-format';

/** The catalog key of each data source (statistics.json `source.*`, `insights.biggest.*`, `insights.cutWaste.*`). */
export const SOURCE_KEY = {
  Households: 'households',
  'Food Services': 'foodServices',
  Retail: 'retail',
  'Post-Harvest & Agriculture': 'postHarvest',
} as const satisfies Record<FoodWasteSource, string>;
type SourceKey = (typeof SOURCE_KEY)[FoodWasteSource];

/** A sentence as a catalog key (in the `statistics` namespace) and its values, already formatted. */
export interface InsightMessage {
  key:
    | `insights.${'hunger' | 'waste'}${'Rising' | 'Falling' | 'Unchanged'}`
    | 'insights.dailyEnough'
    | 'insights.dailyShort'
    | `insights.biggest.${SourceKey}`
    | 'insights.impactDays'
    | `insights.cutWaste.${SourceKey}`
    | 'insights.rescueShare'
    | 'insights.coverShort'
    | 'insights.hungerWillRise'
    | 'insights.hungerWillFall'
    | 'insights.wasteGrowing'
    | 'insights.wasteShrinking';
  values: Record<string, string | number>;
}

export interface StatisticsInsights {
  insights: InsightMessage[];
  recommendations: InsightMessage[];
}

interface InsightInput {
  rows: readonly YearlyRow[];
  summary: StatisticsSummary;
  daily: DailyComparison;
  sources: FoodWasteSources;
  /** The reader's number formats. */
  figures: StatisticFigures;
  /** The region's name in the reader's language. */
  regionName: string;
}

interface Trend {
  startYear: number;
  endYear: number;
  start: number;
  end: number;
  /** Percent a year, 2 decimals. */
  rate: number;
}

/** Growth between the first and last shown year that has the measure; null with fewer than two. */
function trendOf(rows: readonly YearlyRow[], key: 'hunger' | 'foodWaste'): Trend | null {
  // Measured years only: a carried-forward year repeats the last figure and would flatten the trend (issue 29).
  const points = rows.filter((row) => row[key] !== null && !row.carriedForward[key]).sort((a, b) => a.year - b.year);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || first.year === last.year) return null;
  const start = first[key] ?? 0;
  const end = last[key] ?? 0;
  if (start <= 0 || end <= 0) return null;
  return { startYear: first.year, endYear: last.year, start, end, rate: cagr(start, end, first.year, last.year) };
}

function direction(rate: number): 'Rising' | 'Falling' | 'Unchanged' {
  return rate > 0 ? 'Rising' : rate < 0 ? 'Falling' : 'Unchanged';
}

/**
 * Findings and recommendations computed from the figures on screen (the chosen region, years and
 * data type), so they change with the filters instead of repeating fixed text. Each is a catalog
 * key with its figures formatted for the reader (issue 17).
 */
export function deriveInsights({ rows, summary, daily, sources, figures, regionName }: InsightInput): StatisticsInsights {
  const insights: InsightMessage[] = [];
  const recommendations: InsightMessage[] = [];
  const { figure, percent, percentOfRatio } = figures;
  const peopleWithin = (people: number) => figures.peopleWithin(people, daily.population);

  const hunger = trendOf(rows, 'hunger');
  const waste = trendOf(rows, 'foodWaste');
  if (hunger) {
    insights.push({
      key: `insights.hunger${direction(hunger.rate)}`,
      values: {
        region: regionName,
        start: figure(hunger.start * 1e6),
        end: figure(hunger.end * 1e6),
        startYear: hunger.startYear,
        endYear: hunger.endYear,
        rate: percent(Math.abs(hunger.rate), 2),
      },
    });
  }
  if (waste) {
    insights.push({
      key: `insights.waste${direction(waste.rate)}`,
      values: { start: figure(waste.start * 1e6), end: figure(waste.end * 1e6), rate: percent(Math.abs(waste.rate), 2) },
    });
  }

  insights.push(
    daily.enoughFood
      ? {
          key: 'insights.dailyEnough',
          values: { year: daily.year, fed: peopleWithin(daily.peopleFed), coverage: percentOfRatio(daily.coverage), hungry: figure(daily.dailyHungry) },
        }
      : {
          key: 'insights.dailyShort',
          values: { year: daily.year, fed: peopleWithin(daily.peopleFed), short: figure(daily.shortBy), hungry: figure(daily.dailyHungry) },
        },
  );

  const biggest = biggestSource(sources);
  if (biggest) {
    insights.push({
      key: `insights.biggest.${SOURCE_KEY[biggest.source]}`,
      values: { percent: percent(biggest.percent, 1), total: figure(sources.totalFoodWaste * 1e6), year: sources.year },
    });
    recommendations.push({ key: `insights.cutWaste.${SOURCE_KEY[biggest.source]}`, values: {} });
  }

  insights.push({ key: 'insights.impactDays', values: { region: regionName, days: figures.number(Math.floor(summary.potentialImpactDays)) } });

  if (daily.coverage >= 1) {
    const share = Math.min(100, 100 / daily.coverage);
    recommendations.push({ key: 'insights.rescueShare', values: { share: percent(share, 1) } });
  } else {
    recommendations.push({ key: 'insights.coverShort', values: { coverage: percentOfRatio(daily.coverage), short: figure(daily.shortBy) } });
  }

  if (hunger && hunger.rate !== 0) {
    const years = 5;
    const projected = hunger.end * (1 + hunger.rate / 100) ** years;
    recommendations.push({
      key: hunger.rate > 0 ? 'insights.hungerWillRise' : 'insights.hungerWillFall',
      values: { rate: percent(Math.abs(hunger.rate), 2), projected: figure(projected * 1e6), year: hunger.endYear + years },
    });
  }

  if (waste && waste.rate > 0) {
    const fedPerPercent = Math.floor(daily.peopleFed / 100);
    recommendations.push({ key: 'insights.wasteGrowing', values: { rate: percent(waste.rate, 2), people: figure(fedPerPercent) } });
  } else if (waste && waste.rate < 0) {
    recommendations.push({ key: 'insights.wasteShrinking', values: { rate: percent(Math.abs(waste.rate), 2) } });
  }

  return { insights, recommendations };
}

function biggestSource(sources: FoodWasteSources): { source: FoodWasteSource; percent: number } | null {
  if (sources.totalFoodWaste <= 0) return null;
  let best: FoodWasteSource = FOOD_WASTE_SOURCES[0];
  for (const source of FOOD_WASTE_SOURCES) {
    if (sources.sourceBreakdown[source] > sources.sourceBreakdown[best]) best = source;
  }
  return { source: best, percent: (sources.sourceBreakdown[best] / sources.totalFoodWaste) * 100 };
}
