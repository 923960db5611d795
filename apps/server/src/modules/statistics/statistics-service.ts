import {
  FOOD_WASTE_SOURCES,
  FOOD_WASTE_UNIT,
  STATISTICS_FIRST_YEAR,
  STATISTICS_LAST_YEAR,
  cagr,
  coverage,
  dailyHungry,
  enoughFood,
  peopleFedByConsumerWaste,
  potentialImpactDays,
  roundTo,
  shortBy,
  type DailyComparison,
  type FoodWasteBreakdown,
  type FoodWasteSources,
  type GrowthRate,
  type GrowthRateQuery,
  type ProvenanceResponse,
  type ProvenanceRow,
  type StatisticsRegion,
  type StatisticsSummary,
  type YearlyQuery,
  type YearlyRow,
} from '@annadaan/contract/statistics';
import type { StatisticsData, StatisticsYearEntry } from './statistics-data';

function breakdownTonnes(entry: StatisticsYearEntry): FoodWasteBreakdown {
  const parts = entry.foodWasteBreakdown;
  return {
    Households: parts.Households.value,
    'Food Services': parts['Food Services'].value,
    Retail: parts.Retail.value,
    'Post-Harvest & Agriculture': parts['Post-Harvest & Agriculture'].value,
  };
}

function breakdownPercent(entry: StatisticsYearEntry): FoodWasteBreakdown {
  const tonnes = breakdownTonnes(entry);
  const total = entry.foodWaste.value;
  const percent = (value: number) => roundTo((value / total) * 100, 2);
  return {
    Households: percent(tonnes.Households),
    'Food Services': percent(tonnes['Food Services']),
    Retail: percent(tonnes.Retail),
    'Post-Harvest & Agriculture': percent(tonnes['Post-Harvest & Agriculture']),
  };
}

export function yearlyRows(data: StatisticsData, query: YearlyQuery): YearlyRow[] {
  const withHunger = query.dataType !== 'foodWaste';
  const withWaste = query.dataType !== 'hunger';
  return data.range(query.region, query.startYear, query.endYear).map((entry) => ({
    year: entry.year,
    hunger: withHunger ? entry.hunger.value : null,
    foodWaste: withWaste ? entry.foodWaste.value : null,
    foodWasteUnit: withWaste ? FOOD_WASTE_UNIT : null,
    foodWasteBreakdown: withWaste ? breakdownTonnes(entry) : null,
    carriedForward: {
      hunger: withHunger && data.carriedForward(query.region, entry.year, 'hunger'),
      foodWaste: withWaste && data.carriedForward(query.region, entry.year, 'foodWaste'),
    },
  }));
}

export function dailyComparison(data: StatisticsData, region: StatisticsRegion, year: number): DailyComparison {
  const entry = data.entry(region, year);
  const population = data.file.population[region].value;
  const hungry = dailyHungry(entry.hunger.value);
  // Consumer-level waste only, and never more people than live in the region (issue 11).
  const fed = peopleFedByConsumerWaste(breakdownTonnes(entry), population);
  return {
    region,
    year,
    dailyHungry: hungry,
    peopleFed: fed,
    enoughFood: enoughFood(fed, hungry),
    shortBy: shortBy(fed, hungry),
    coverage: coverage(fed, hungry),
    population,
  };
}

export function summary(data: StatisticsData, region: StatisticsRegion, year: number): StatisticsSummary {
  const entry = data.entry(region, year);
  const first = data.entry(region, STATISTICS_FIRST_YEAR);
  const last = data.entry(region, STATISTICS_LAST_YEAR);
  const daily = dailyComparison(data, region, year);
  return {
    region,
    year,
    hunger: entry.hunger.value,
    foodWaste: entry.foodWaste.value,
    foodWasteUnit: FOOD_WASTE_UNIT,
    peopleFed: daily.peopleFed,
    population: daily.population,
    dailyHungry: daily.dailyHungry,
    enoughFood: daily.enoughFood,
    shortBy: daily.shortBy,
    coverage: daily.coverage,
    potentialImpactDays: potentialImpactDays(entry.foodWaste.value, daily.dailyHungry),
    cagrHunger: cagr(first.hunger.value, last.hunger.value, STATISTICS_FIRST_YEAR, STATISTICS_LAST_YEAR),
    cagrFoodWaste: cagr(first.foodWaste.value, last.foodWaste.value, STATISTICS_FIRST_YEAR, STATISTICS_LAST_YEAR),
    foodWasteSourceBreakdown: breakdownPercent(entry),
  };
}

export function foodWasteSources(data: StatisticsData, region: StatisticsRegion, year: number): FoodWasteSources {
  const entry = data.entry(region, year);
  return { region, year, totalFoodWaste: entry.foodWaste.value, unit: FOOD_WASTE_UNIT, sourceBreakdown: breakdownTonnes(entry) };
}

export function growthRate(data: StatisticsData, query: GrowthRateQuery): GrowthRate {
  const start = data.entry(query.region, query.startYear)[query.type].value;
  const end = data.entry(query.region, query.endYear)[query.type].value;
  return {
    type: query.type,
    region: query.region,
    startYear: query.startYear,
    endYear: query.endYear,
    cagr: cagr(start, end, query.startYear, query.endYear),
  };
}

/** One row per value (region, year, measure) with its provenance, for the /source page. */
export function provenanceTable(data: StatisticsData): ProvenanceResponse {
  const { file } = data;
  const rows: ProvenanceRow[] = [];
  for (const region of Object.keys(file.regions) as StatisticsRegion[]) {
    for (const entry of file.regions[region]) {
      rows.push({ region, year: entry.year, measure: 'hunger', value: entry.hunger.value, unit: file.units.hunger, ...entry.hunger.provenance });
      rows.push({ region, year: entry.year, measure: 'foodWaste', value: entry.foodWaste.value, unit: file.units.foodWaste, ...entry.foodWaste.provenance });
      for (const source of FOOD_WASTE_SOURCES) {
        const part = entry.foodWasteBreakdown[source];
        rows.push({ region, year: entry.year, measure: source, value: part.value, unit: file.units.foodWaste, ...part.provenance });
      }
    }
  }
  return {
    version: file.version,
    updated: file.updated,
    units: file.units,
    definitions: file.definitions,
    sources: file.sources,
    formulas: file.formulas,
    population: (Object.keys(file.population) as StatisticsRegion[]).map((region) => ({ region, ...file.population[region] })),
    rows,
  };
}
