import { describe, expect, it } from 'vitest';
import { FOOD_WASTE_SOURCES, STATISTICS_FIRST_YEAR, STATISTICS_LAST_YEAR, dailyHungry, peopleFed } from '@annadaan/contract/statistics';
import rawData from './statistics-data.json' with { type: 'json' };
import { ROUNDING_TOLERANCE, loadStatisticsData } from './statistics-data';

const YEARS = Array.from({ length: STATISTICS_LAST_YEAR - STATISTICS_FIRST_YEAR + 1 }, (_, i) => STATISTICS_FIRST_YEAR + i);
const data = loadStatisticsData();
const regions = ['India', 'Global'] as const;

function copy(): typeof rawData {
  return structuredClone(rawData);
}

describe('the statistics data file', () => {
  it('has a version, an update date and a non-empty list of sources', () => {
    expect(data.file.version).toMatch(/\S/);
    expect(data.file.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.file.sources.length).toBeGreaterThanOrEqual(5);
  });

  it.each(regions)('lists every year 2015-2025 once, in order, for %s', (region) => {
    expect(data.file.regions[region].map((entry) => entry.year)).toEqual(YEARS);
  });

  it.each(regions)('gives every %s value a known source, an edition, a table or page and a status', (region) => {
    const ids = new Set(data.file.sources.map((source) => source.id));
    for (const entry of data.file.regions[region]) {
      const values = [entry.hunger, entry.foodWaste, ...FOOD_WASTE_SOURCES.map((source) => entry.foodWasteBreakdown[source])];
      expect(values).toHaveLength(6);
      for (const { value, provenance } of values) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(ids.has(provenance.sourceId)).toBe(true);
        expect(provenance.edition).toMatch(/\S/);
        expect(provenance.tableOrPage).toMatch(/\S/);
        expect(['published', 'estimated']).toContain(provenance.status);
        if (provenance.status === 'estimated') expect(provenance.method).toMatch(/\S/);
      }
    }
  });

  it.each(regions)('has %s breakdowns that add up to the total within rounding', (region) => {
    for (const entry of data.file.regions[region]) {
      const sum = FOOD_WASTE_SOURCES.reduce((total, source) => total + entry.foodWasteBreakdown[source].value, 0);
      expect(Math.abs(sum - entry.foodWaste.value)).toBeLessThanOrEqual(ROUNDING_TOLERANCE);
    }
  });

  it('keeps the published anchor figures the provenance notes cite', () => {
    const value = (region: 'India' | 'Global', year: number) => data.entry(region, year);
    expect(value('Global', 2024).hunger).toMatchObject({ value: 673, provenance: { status: 'published', sourceId: 'fao-sofi-2025' } });
    expect(value('India', 2022).hunger).toMatchObject({ value: 194.6, provenance: { status: 'published', sourceId: 'fao-sofi-2024' } });
    expect(value('Global', 2019).foodWasteBreakdown.Households).toMatchObject({ value: 569, provenance: { status: 'published' } });
    expect(value('Global', 2022).foodWasteBreakdown['Food Services']).toMatchObject({ value: 290, provenance: { status: 'published' } });
    expect(value('India', 2019).foodWasteBreakdown.Households).toMatchObject({ value: 68.76, provenance: { status: 'published', sourceId: 'unep-fwi-2021' } });
    expect(value('India', 2022).foodWasteBreakdown.Households).toMatchObject({ value: 78.1, provenance: { status: 'published', sourceId: 'unep-fwi-2024' } });
    expect(value('India', 2025).hunger.provenance.status).toBe('estimated');
  });

  it('describes every formula the API uses', () => {
    expect(data.file.formulas.map((formula) => formula.id).sort()).toEqual(
      ['cagr', 'coverage', 'dailyHungry', 'enoughFood', 'peopleFed', 'potentialImpactDays', 'shortBy'].sort(),
    );
  });

  it('keeps every count a safe, non-negative integer for the largest values in the file', () => {
    const all = regions.flatMap((region) => data.file.regions[region]);
    const maxWaste = Math.max(...all.map((entry) => entry.foodWaste.value));
    const maxHunger = Math.max(...all.map((entry) => entry.hunger.value));
    expect(Number.isSafeInteger(peopleFed(maxWaste))).toBe(true);
    expect(Number.isSafeInteger(dailyHungry(maxHunger))).toBe(true);
    expect(peopleFed(maxWaste)).toBeGreaterThan(0);
  });
});

describe('loading a broken data file', () => {
  it('fails when a year is missing', () => {
    const broken = copy();
    broken.regions.India.splice(3, 1);
    expect(() => loadStatisticsData(broken)).toThrow(/India must list the years/);
  });

  it('fails when a breakdown does not add up to its total', () => {
    const broken = copy();
    broken.regions.Global[0]!.foodWaste.value += 1;
    expect(() => loadStatisticsData(broken)).toThrow(/the sources add up to/);
  });

  it('fails when a value cites an unknown source or an estimate has no method', () => {
    const unknown = copy();
    unknown.regions.India[0]!.hunger.provenance.sourceId = 'nowhere';
    expect(() => loadStatisticsData(unknown)).toThrow(/unknown source nowhere/);

    const noMethod = copy();
    const estimated = noMethod.regions.India.find((entry) => entry.hunger.provenance.status === 'estimated')!;
    delete (estimated.hunger.provenance as { method?: string }).method;
    expect(() => loadStatisticsData(noMethod)).toThrow(/must say how it was estimated/);
  });

  it('fails on a negative or missing value', () => {
    const negative = copy();
    negative.regions.Global[1]!.foodWasteBreakdown.Retail.value = -1;
    expect(() => loadStatisticsData(negative)).toThrow(/not valid/);

    const missing = copy();
    delete (missing.regions.Global[1]!.foodWasteBreakdown as Record<string, unknown>).Retail;
    expect(() => loadStatisticsData(missing)).toThrow(/not valid/);
  });
});
