import { z } from 'zod';
import {
  FOOD_WASTE_SOURCES,
  MAX_FOOD_WASTE_MILLION_TONNES,
  MAX_HUNGER_MILLIONS,
  PopulationFigureSchema,
  ProvenanceSchema,
  STATISTICS_FIRST_YEAR,
  STATISTICS_LAST_YEAR,
  StatisticsFormulaSchema,
  StatisticsRegion,
  StatisticsSourceSchema,
} from '@annadaan/contract/statistics';
import rawStatisticsData from './statistics-data.json' with { type: 'json' };

/** A breakdown may differ from its total by this much because each part is rounded to 2 decimals. */
export const ROUNDING_TOLERANCE = 0.011;

function sourcedValue(max: number, positive: boolean) {
  const value = positive ? z.number().positive().max(max) : z.number().min(0).max(max);
  return z
    .object({ value: value.multipleOf(0.01), provenance: ProvenanceSchema })
    .refine((entry) => entry.provenance.status === 'published' || entry.provenance.method !== undefined, {
      message: 'An estimated value must say how it was estimated (method).',
    });
}

const BreakdownEntriesSchema = z.object(
  Object.fromEntries(FOOD_WASTE_SOURCES.map((source) => [source, sourcedValue(MAX_FOOD_WASTE_MILLION_TONNES, false)])) as Record<
    (typeof FOOD_WASTE_SOURCES)[number],
    ReturnType<typeof sourcedValue>
  >,
);

const YearEntrySchema = z.object({
  year: z.number().int(),
  hunger: sourcedValue(MAX_HUNGER_MILLIONS, true),
  foodWaste: sourcedValue(MAX_FOOD_WASTE_MILLION_TONNES, true),
  foodWasteBreakdown: BreakdownEntriesSchema.strict(),
});
export type StatisticsYearEntry = z.infer<typeof YearEntrySchema>;

const EXPECTED_YEARS = Array.from({ length: STATISTICS_LAST_YEAR - STATISTICS_FIRST_YEAR + 1 }, (_, i) => STATISTICS_FIRST_YEAR + i);

export const StatisticsDataFileSchema = z
  .object({
    version: z.string().min(1),
    updated: z.iso.date(),
    units: z.object({ hunger: z.literal('million people'), foodWaste: z.literal('million tonnes') }),
    definitions: z.object({ hunger: z.string().min(1), foodWaste: z.string().min(1), estimated: z.string().min(1) }),
    sources: z.array(StatisticsSourceSchema).min(1),
    formulas: z.array(StatisticsFormulaSchema).min(1),
    regions: z.object({ [StatisticsRegion.INDIA]: z.array(YearEntrySchema), [StatisticsRegion.GLOBAL]: z.array(YearEntrySchema) }).strict(),
    /** The ceiling of every people-count of the region (issue 11). */
    population: z.object({ [StatisticsRegion.INDIA]: PopulationFigureSchema, [StatisticsRegion.GLOBAL]: PopulationFigureSchema }).strict(),
  })
  .superRefine((file, ctx) => {
    const sourceIds = new Set(file.sources.map((source) => source.id));
    for (const [region, figure] of Object.entries(file.population)) {
      if (!sourceIds.has(figure.provenance.sourceId)) {
        ctx.addIssue({ code: 'custom', path: ['population', region], message: `${region} population cites unknown source ${figure.provenance.sourceId}.` });
      }
    }
    for (const [region, entries] of Object.entries(file.regions)) {
      const years = entries.map((entry) => entry.year);
      if (years.join() !== EXPECTED_YEARS.join()) {
        ctx.addIssue({ code: 'custom', path: ['regions', region], message: `${region} must list the years ${EXPECTED_YEARS.join(', ')} in order, each once.` });
      }
      entries.forEach((entry, index) => {
        const path = ['regions', region, index];
        const values = [entry.hunger, entry.foodWaste, ...FOOD_WASTE_SOURCES.map((source) => entry.foodWasteBreakdown[source])];
        for (const { provenance } of values) {
          if (!sourceIds.has(provenance.sourceId)) {
            ctx.addIssue({ code: 'custom', path, message: `${region} ${entry.year} cites unknown source ${provenance.sourceId}.` });
          }
        }
        const sum = FOOD_WASTE_SOURCES.reduce((total, source) => total + entry.foodWasteBreakdown[source].value, 0);
        if (Math.abs(sum - entry.foodWaste.value) > ROUNDING_TOLERANCE) {
          ctx.addIssue({ code: 'custom', path, message: `${region} ${entry.year}: the sources add up to ${sum}, not ${entry.foodWaste.value}.` });
        }
      });
    }
  });
export type StatisticsDataFile = z.infer<typeof StatisticsDataFileSchema>;

/** The validated data with a lookup by region and year. */
export interface StatisticsData {
  file: StatisticsDataFile;
  entry(region: StatisticsRegion, year: number): StatisticsYearEntry;
  range(region: StatisticsRegion, startYear: number, endYear: number): StatisticsYearEntry[];
  /** Whether the year's figure only repeats the last measured one (issue 29): see `carriedForward`. */
  carriedForward(region: StatisticsRegion, year: number, measure: 'hunger' | 'foodWaste'): boolean;
}

/** Whether any part of the year's figure for `measure` is published, rather than estimated. */
function hasPublished(entry: StatisticsYearEntry, measure: 'hunger' | 'foodWaste'): boolean {
  if (measure === 'hunger') return entry.hunger.provenance.status === 'published';
  return entry.foodWaste.provenance.status === 'published' || Object.values(entry.foodWasteBreakdown).some((part) => part.provenance.status === 'published');
}

/**
 * A figure is carried forward when it comes after the last year with anything published for it and
 * only repeats the year before (the data file's "Carried forward from 2022: no later estimate is
 * published and no trend is assumed"). India's 2023 hunger is estimated from a published
 * prevalence, not repeated, so it counts as measured; its 2024 and 2025 repeat it.
 */
export function carriedForward(entries: readonly StatisticsYearEntry[], year: number, measure: 'hunger' | 'foodWaste'): boolean {
  const index = entries.findIndex((entry) => entry.year === year);
  const entry = entries[index];
  const previous = entries[index - 1];
  if (!entry || !previous) return false;
  const lastPublished = Math.max(...entries.filter((candidate) => hasPublished(candidate, measure)).map((candidate) => candidate.year));
  return year > lastPublished && entry[measure].value === previous[measure].value;
}

/** Validates the data file (throwing with every problem listed) and indexes it. */
export function loadStatisticsData(raw: unknown = rawStatisticsData): StatisticsData {
  const parsed = StatisticsDataFileSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`The statistics data file is not valid:\n${z.prettifyError(parsed.error)}`);
  const file = parsed.data;
  return {
    file,
    entry(region, year) {
      // Years are validated to be consecutive from the first year, so the index is the offset.
      const found = file.regions[region][year - STATISTICS_FIRST_YEAR];
      if (!found || found.year !== year) throw new RangeError(`No statistics for ${region} ${year}.`);
      return found;
    },
    range(region, startYear, endYear) {
      return file.regions[region].filter((entry) => entry.year >= startYear && entry.year <= endYear);
    },
    carriedForward(region, year, measure) {
      return carriedForward(file.regions[region], year, measure);
    },
  };
}
