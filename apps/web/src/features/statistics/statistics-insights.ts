import {
  FOOD_WASTE_SOURCES,
  cagr,
  type DailyComparison,
  type FoodWasteSource,
  type FoodWasteSources,
  type StatisticsSummary,
  type YearlyRow,
} from '@annadaan/contract/statistics';
import { formatCompact, formatPeopleWithin, formatPercentFromRatio } from '../../lib/format';

export interface StatisticsInsights {
  insights: string[];
  recommendations: string[];
}

interface InsightInput {
  rows: readonly YearlyRow[];
  summary: StatisticsSummary;
  daily: DailyComparison;
  sources: FoodWasteSources;
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
  const points = rows.filter((row) => row[key] !== null).sort((a, b) => a.year - b.year);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || first.year === last.year) return null;
  const start = first[key] ?? 0;
  const end = last[key] ?? 0;
  if (start <= 0 || end <= 0) return null;
  return { startYear: first.year, endYear: last.year, start, end, rate: cagr(start, end, first.year, last.year) };
}

function direction(rate: number): string {
  if (rate > 0) return `rising ${rate.toFixed(2)}% a year`;
  if (rate < 0) return `falling ${Math.abs(rate).toFixed(2)}% a year`;
  return 'unchanged';
}

/** Where to act first, by the source that wastes the most. */
const ACTION_BY_SOURCE: Record<FoodWasteSource, string> = {
  Households: 'start with homes: portion planning, better storage and sharing cooked surplus with neighbours through Annadaan',
  'Food Services': 'start with restaurants, caterers and canteens: daily surplus pickups and donation agreements',
  Retail: 'start with shops and markets: donating near-date stock before it expires',
  'Post-Harvest & Agriculture': 'start at the farm gate: cold storage, faster transport and buyers for surplus produce',
};

/**
 * Findings and recommendations computed from the figures on screen (the chosen region, years and
 * data type), so they change with the filters instead of repeating fixed text.
 */
export function deriveInsights({ rows, summary, daily, sources }: InsightInput): StatisticsInsights {
  const insights: string[] = [];
  const recommendations: string[] = [];
  const region = summary.region;

  const hunger = trendOf(rows, 'hunger');
  const waste = trendOf(rows, 'foodWaste');
  if (hunger) {
    insights.push(
      `Hunger in ${region} went from ${formatCompact(hunger.start * 1e6)} to ${formatCompact(hunger.end * 1e6)} people between ${hunger.startYear} and ${hunger.endYear}: ${direction(hunger.rate)}.`,
    );
  }
  if (waste) {
    insights.push(
      `Food waste went from ${formatCompact(waste.start * 1e6)} to ${formatCompact(waste.end * 1e6)} tonnes over the same years: ${direction(waste.rate)}.`,
    );
  }

  insights.push(
    daily.enoughFood
      ? `In ${daily.year}, the food wasted each day could feed ${formatPeopleWithin(daily.peopleFed, daily.population)} people: ${formatPercentFromRatio(daily.coverage)} of the ${formatCompact(daily.dailyHungry)} who go hungry.`
      : `In ${daily.year}, the food wasted each day could feed ${formatPeopleWithin(daily.peopleFed, daily.population)} people, ${formatCompact(daily.shortBy)} short of the ${formatCompact(daily.dailyHungry)} who go hungry.`,
  );

  const biggest = biggestSource(sources);
  if (biggest) {
    insights.push(
      `${biggest.source} waste the most food: ${biggest.percent.toFixed(1)}% of ${formatCompact(sources.totalFoodWaste * 1e6)} tonnes in ${sources.year}.`,
    );
    recommendations.push(`To cut waste where it is largest, ${ACTION_BY_SOURCE[biggest.source]}.`);
  }

  insights.push(
    `A year's wasted food could feed every hungry person in ${region} for ${Math.floor(summary.potentialImpactDays).toLocaleString('en-IN')} days.`,
  );

  if (daily.coverage >= 1) {
    const share = Math.min(100, 100 / daily.coverage);
    recommendations.push(
      `Rescuing ${share.toFixed(1)}% of the food wasted each day would be enough to feed everyone who is hungry: the gap is getting surplus to people, so local pickup networks matter more than producing more.`,
    );
  } else {
    recommendations.push(
      `Even all the wasted food would cover ${formatPercentFromRatio(daily.coverage)} of the need, so rescuing surplus must go together with food programmes for the remaining ${formatCompact(daily.shortBy)} people.`,
    );
  }

  if (hunger && hunger.rate !== 0) {
    const years = 5;
    const projected = hunger.end * (1 + hunger.rate / 100) ** years;
    recommendations.push(
      hunger.rate > 0
        ? `At ${hunger.rate.toFixed(2)}% a year, ${formatCompact(projected * 1e6)} people would be hungry by ${hunger.endYear + years}: scale up redistribution now, before the gap widens.`
        : `Hunger is falling ${Math.abs(hunger.rate).toFixed(2)}% a year; at that pace ${formatCompact(projected * 1e6)} people would still be hungry in ${hunger.endYear + years}, so keep redistribution going rather than wind it down.`,
    );
  }

  if (waste && waste.rate > 0) {
    const fedPerPercent = Math.floor(daily.peopleFed / 100);
    recommendations.push(
      `Food waste is growing ${waste.rate.toFixed(2)}% a year. Every 1% of it rescued would feed about ${formatCompact(fedPerPercent)} more people a day, so set yearly reduction targets for the biggest sources.`,
    );
  } else if (waste && waste.rate < 0) {
    recommendations.push(
      `Food waste is shrinking ${Math.abs(waste.rate).toFixed(2)}% a year; keep measuring it by source so the progress holds.`,
    );
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
