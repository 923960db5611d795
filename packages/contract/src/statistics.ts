import { z } from 'zod';
import { atMostPopulation } from './population';

export { atMostPopulation };

/** The years the statistics cover; the server's data file holds exactly these. */
export const STATISTICS_FIRST_YEAR = 2015;
export const STATISTICS_LAST_YEAR = 2025;

export const StatisticsRegion = { INDIA: 'India', GLOBAL: 'Global' } as const;
export type StatisticsRegion = (typeof StatisticsRegion)[keyof typeof StatisticsRegion];

/** The food-waste sources, in the order charts and CSV columns use them. */
export const FOOD_WASTE_SOURCES = ['Households', 'Food Services', 'Retail', 'Post-Harvest & Agriculture'] as const;
export type FoodWasteSource = (typeof FOOD_WASTE_SOURCES)[number];

export const FOOD_WASTE_UNIT = 'million tonnes';
/** Food a person needs per day in this product's arithmetic. */
export const KG_PER_PERSON_PER_DAY = 0.5;

// ---------------------------------------------------------------------------------------------
// Formulas. Inputs are the data file's units: hunger in millions of people, food waste in
// millions of tonnes, each with at most 2 decimals. Counts are converted to whole people and
// whole tonnes first, so every count below is integer arithmetic well inside 2^53.
// ---------------------------------------------------------------------------------------------

/** Upper bounds the data file is validated against; the formulas stay exact up to them. */
export const MAX_HUNGER_MILLIONS = 10_000;
export const MAX_FOOD_WASTE_MILLION_TONNES = 100_000;

function checkAmount(label: string, value: number, max: number) {
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`${label} must be a number from 0 to ${max}.`);
  }
}

/** Rounds half up to `decimals` places. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Whole tonnes from million tonnes (the data carries at most 2 decimals, i.e. 10,000 t). */
export function toTonnes(millionTonnes: number): number {
  checkAmount('Food waste', millionTonnes, MAX_FOOD_WASTE_MILLION_TONNES);
  return Math.round(millionTonnes * 1_000_000);
}

/** dailyHungry = hunger × 1,000,000 people. */
export function dailyHungry(hungerMillions: number): number {
  checkAmount('Hunger', hungerMillions, MAX_HUNGER_MILLIONS);
  return Math.round(hungerMillions * 1_000_000);
}

/** People the day's share of a year's waste could feed: floor(tonnes × 1000 / 365 / 0.5). */
export function peopleFed(foodWasteMillionTonnes: number): number {
  // tonnes × 1000 / 0.5 = tonnes × 2000 portions a year; integer division by 365 days.
  const portionsPerYear = toTonnes(foodWasteMillionTonnes) * (1000 / KG_PER_PERSON_PER_DAY);
  return (portionsPerYear - (portionsPerYear % 365)) / 365;
}

/** The parts of food waste that reached consumers (UNEP's retail, food service and household waste). */
export const CONSUMER_FOOD_WASTE_SOURCES = ['Households', 'Food Services', 'Retail'] as const satisfies readonly FoodWasteSource[];

/** Million tonnes wasted where food is sold, served and eaten, the food a handover could still save. */
export function consumerFoodWaste(breakdownMillionTonnes: Record<FoodWasteSource, number>): number {
  return roundTo(CONSUMER_FOOD_WASTE_SOURCES.reduce((total, source) => total + breakdownMillionTonnes[source], 0), 2);
}

/**
 * People the day's share of consumer-level waste could feed at 0.5 kg a day, never more than
 * the region's population. Post-harvest losses are left out: they happen before food reaches
 * anyone who could hand it over, and FAO counts them on a different basis.
 */
export function peopleFedByConsumerWaste(breakdownMillionTonnes: Record<FoodWasteSource, number>, populationMillions: number): number {
  return atMostPopulation(peopleFed(consumerFoodWaste(breakdownMillionTonnes)), populationMillions);
}

export function enoughFood(fed: number, hungry: number): boolean {
  return fed >= hungry;
}

export function shortBy(fed: number, hungry: number): number {
  return Math.max(0, hungry - fed);
}

/** peopleFed / dailyHungry as a ratio, 4 decimals (1 means 100%). */
export function coverage(fed: number, hungry: number): number {
  if (hungry <= 0) throw new RangeError('Coverage needs at least one hungry person.');
  return roundTo(fed / hungry, 4);
}

/** Days a year's waste could feed every hungry person: tonnes × 2000 / dailyHungry, 2 decimals. */
export function potentialImpactDays(foodWasteMillionTonnes: number, hungry: number): number {
  if (hungry <= 0) throw new RangeError('Potential impact needs at least one hungry person.');
  const portions = toTonnes(foodWasteMillionTonnes) * (1000 / KG_PER_PERSON_PER_DAY);
  return roundTo(portions / hungry, 2);
}

/** Compound annual growth rate in percent, 2 decimals; 0 when both years are the same. */
export function cagr(startValue: number, endValue: number, startYear: number, endYear: number): number {
  if (!(startValue > 0) || !(endValue > 0)) throw new RangeError('Growth needs positive values.');
  if (endYear < startYear) throw new RangeError('The start year must not be after the end year.');
  if (endYear === startYear) return 0;
  return roundTo(((endValue / startValue) ** (1 / (endYear - startYear)) - 1) * 100, 2);
}

// ---------------------------------------------------------------------------------------------
// Query parameters. Messages say what is allowed; the server returns them as fieldErrors.
// ---------------------------------------------------------------------------------------------

const REGION_MESSAGE = 'Region must be India or Global.';
const YEAR_MESSAGE = `Year must be a whole number from ${STATISTICS_FIRST_YEAR} to ${STATISTICS_LAST_YEAR}.`;

/** India or Global in any case, normalised to 'India' / 'Global'. */
export const StatisticsRegionSchema = z
  .string({ error: REGION_MESSAGE })
  .transform((value, ctx): StatisticsRegion => {
    const lower = value.trim().toLowerCase();
    if (lower === 'india') return StatisticsRegion.INDIA;
    if (lower === 'global') return StatisticsRegion.GLOBAL;
    ctx.addIssue({ code: 'custom', message: REGION_MESSAGE });
    return z.NEVER;
  });

/** A year 2015 to 2025 written as digits only ("2020"; not "2020.0", "2e3" or ""). */
export const StatisticsYearSchema = z
  .string({ error: YEAR_MESSAGE })
  .trim()
  .regex(/^\d{1,6}$/, YEAR_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(STATISTICS_FIRST_YEAR, YEAR_MESSAGE).max(STATISTICS_LAST_YEAR, YEAR_MESSAGE));

export const StatisticsDataType = { BOTH: 'both', HUNGER: 'hunger', FOOD_WASTE: 'foodWaste' } as const;
export type StatisticsDataType = (typeof StatisticsDataType)[keyof typeof StatisticsDataType];

const DataTypeSchema = z.enum(['both', 'hunger', 'foodWaste'], { error: 'Data type must be both, hunger or foodWaste.' });
const GrowthTypeSchema = z.enum(['hunger', 'foodWaste'], { error: 'Type must be hunger or foodWaste.' });

const START_AFTER_END = 'The start year must not be after the end year.';

const startNotAfterEnd = (query: { startYear: number; endYear: number }) => query.startYear <= query.endYear;
/** Compare the years only once both parsed; a bad year already has its own message. */
const bothYearsParsed = ({ value }: { value: unknown }) => {
  const query = value as { startYear?: unknown; endYear?: unknown };
  return typeof query.startYear === 'number' && typeof query.endYear === 'number';
};

export const YearlyQuerySchema = z
  .object({
    dataType: DataTypeSchema.default('both'),
    region: StatisticsRegionSchema.default(StatisticsRegion.INDIA),
    startYear: StatisticsYearSchema.default(STATISTICS_FIRST_YEAR),
    endYear: StatisticsYearSchema.default(STATISTICS_LAST_YEAR),
  })
  .refine(startNotAfterEnd, { message: START_AFTER_END, path: ['endYear'], when: bothYearsParsed });
export type YearlyQuery = z.infer<typeof YearlyQuerySchema>;

export const RegionYearQuerySchema = z.object({
  region: StatisticsRegionSchema.default(StatisticsRegion.INDIA),
  year: StatisticsYearSchema.default(STATISTICS_LAST_YEAR),
});
export type RegionYearQuery = z.infer<typeof RegionYearQuerySchema>;

export const GrowthRateQuerySchema = z
  .object({
    type: GrowthTypeSchema,
    region: StatisticsRegionSchema.default(StatisticsRegion.INDIA),
    startYear: StatisticsYearSchema.default(STATISTICS_FIRST_YEAR),
    endYear: StatisticsYearSchema.default(STATISTICS_LAST_YEAR),
  })
  .refine(startNotAfterEnd, { message: START_AFTER_END, path: ['endYear'], when: bothYearsParsed });
export type GrowthRateQuery = z.infer<typeof GrowthRateQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses.
// ---------------------------------------------------------------------------------------------

const RegionOutSchema = z.enum([StatisticsRegion.INDIA, StatisticsRegion.GLOBAL]);

/** Source label to a number (million tonnes or percent, as the field says). */
export const FoodWasteBreakdownSchema = z.object({
  Households: z.number(),
  'Food Services': z.number(),
  Retail: z.number(),
  'Post-Harvest & Agriculture': z.number(),
});
export type FoodWasteBreakdown = z.infer<typeof FoodWasteBreakdownSchema>;

export const YearlyRowSchema = z.object({
  year: z.number().int(),
  hunger: z.number().nullable(),
  foodWaste: z.number().nullable(),
  foodWasteUnit: z.literal(FOOD_WASTE_UNIT).nullable(),
  foodWasteBreakdown: FoodWasteBreakdownSchema.nullable(),
});
export type YearlyRow = z.infer<typeof YearlyRowSchema>;
export const YearlyResponseSchema = z.array(YearlyRowSchema);

export const DailyComparisonSchema = z.object({
  region: RegionOutSchema,
  year: z.number().int(),
  dailyHungry: z.number().int(),
  peopleFed: z.number().int(),
  enoughFood: z.boolean(),
  shortBy: z.number().int(),
  coverage: z.number(),
  /** The region's population in millions, the ceiling of peopleFed. */
  population: z.number(),
});
export type DailyComparison = z.infer<typeof DailyComparisonSchema>;

export const StatisticsSummarySchema = z.object({
  region: RegionOutSchema,
  year: z.number().int(),
  hunger: z.number(),
  foodWaste: z.number(),
  foodWasteUnit: z.literal(FOOD_WASTE_UNIT),
  peopleFed: z.number().int(),
  /** The region's population in millions, the ceiling of peopleFed. */
  population: z.number(),
  dailyHungry: z.number().int(),
  enoughFood: z.boolean(),
  shortBy: z.number().int(),
  coverage: z.number(),
  potentialImpactDays: z.number(),
  cagrHunger: z.number(),
  cagrFoodWaste: z.number(),
  /** Percent of the year's total, 2 decimals. */
  foodWasteSourceBreakdown: FoodWasteBreakdownSchema,
});
export type StatisticsSummary = z.infer<typeof StatisticsSummarySchema>;

export const FoodWasteSourcesSchema = z.object({
  region: RegionOutSchema,
  year: z.number().int(),
  totalFoodWaste: z.number(),
  unit: z.literal(FOOD_WASTE_UNIT),
  /** Million tonnes per source. */
  sourceBreakdown: FoodWasteBreakdownSchema,
});
export type FoodWasteSources = z.infer<typeof FoodWasteSourcesSchema>;

export const GrowthRateSchema = z.object({
  type: GrowthTypeSchema,
  region: RegionOutSchema,
  startYear: z.number().int(),
  endYear: z.number().int(),
  cagr: z.number(),
});
export type GrowthRate = z.infer<typeof GrowthRateSchema>;

// ---------------------------------------------------------------------------------------------
// Provenance: where every value comes from, for the /source page.
// ---------------------------------------------------------------------------------------------

export const ProvenanceStatusSchema = z.enum(['published', 'estimated']);

export const ProvenanceSchema = z.object({
  sourceId: z.string().min(1),
  edition: z.string().min(1),
  tableOrPage: z.string().min(1),
  status: ProvenanceStatusSchema,
  /** How an estimated (or derived) value was obtained. */
  method: z.string().min(1).optional(),
  /** Caveats, such as what could not be checked. */
  note: z.string().min(1).optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const StatisticsSourceSchema = z.object({
  id: z.string().min(1),
  publisher: z.string().min(1),
  title: z.string().min(1),
  year: z.number().int(),
  url: z.url(),
  note: z.string().min(1),
});
export type StatisticsSource = z.infer<typeof StatisticsSourceSchema>;

export const StatisticsFormulaSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  expression: z.string().min(1),
  description: z.string().min(1),
});
export type StatisticsFormula = z.infer<typeof StatisticsFormulaSchema>;

export const ProvenanceMeasureSchema = z.enum(['hunger', 'foodWaste', ...FOOD_WASTE_SOURCES]);

export const ProvenanceRowSchema = ProvenanceSchema.extend({
  region: RegionOutSchema,
  year: z.number().int(),
  measure: ProvenanceMeasureSchema,
  value: z.number(),
  unit: z.string(),
});
export type ProvenanceRow = z.infer<typeof ProvenanceRowSchema>;

/** A region's population, the ceiling of every people-count, with its source. */
export const PopulationFigureSchema = z.object({
  /** Millions of people. */
  value: z.number().positive(),
  year: z.number().int(),
  provenance: ProvenanceSchema,
});
export type PopulationFigure = z.infer<typeof PopulationFigureSchema>;

export const ProvenanceResponseSchema = z.object({
  version: z.string(),
  updated: z.string(),
  units: z.object({ hunger: z.string(), foodWaste: z.string() }),
  definitions: z.object({ hunger: z.string(), foodWaste: z.string(), estimated: z.string() }),
  sources: z.array(StatisticsSourceSchema),
  formulas: z.array(StatisticsFormulaSchema),
  population: z.array(PopulationFigureSchema.extend({ region: RegionOutSchema })),
  rows: z.array(ProvenanceRowSchema),
});
export type ProvenanceResponse = z.infer<typeof ProvenanceResponseSchema>;
