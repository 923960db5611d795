import { msg } from './coded-message';
import { z } from 'zod';
import { FOOD_WASTE_SOURCES, FOOD_WASTE_UNIT, STATISTICS_FIRST_YEAR, STATISTICS_LAST_YEAR, StatisticsRegion } from './statistics-figures';

export * from './statistics-figures';

// ---------------------------------------------------------------------------------------------
// Query parameters. Messages say what is allowed; the server returns them as fieldErrors.
// ---------------------------------------------------------------------------------------------

const REGION_MESSAGE = msg('REGION_CHOOSE');
const YEAR_MESSAGE = msg('YEAR_RANGE', { min: STATISTICS_FIRST_YEAR, max: STATISTICS_LAST_YEAR });

/** India or Global in any case, normalised to 'India' / 'Global'. */
export const StatisticsRegionSchema = z.string({ error: REGION_MESSAGE }).transform((value, ctx): StatisticsRegion => {
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

const DataTypeSchema = z.enum(['both', 'hunger', 'foodWaste'], { error: msg('DATA_TYPE_CHOOSE') });
const GrowthTypeSchema = z.enum(['hunger', 'foodWaste'], { error: msg('GROWTH_TYPE_CHOOSE') });

const START_AFTER_END = msg('START_AFTER_END');

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
  /**
   * Which of the year's figures only repeat the last measured year, because nothing newer is
   * published (issue 29): the page marks them rather than passing them off as measured.
   */
  carriedForward: z.object({ hunger: z.boolean(), foodWaste: z.boolean() }),
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
