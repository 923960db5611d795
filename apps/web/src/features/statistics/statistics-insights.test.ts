import { describe, expect, it } from 'vitest';
import type { DailyComparison, FoodWasteSources, StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import { deriveInsights } from './statistics-insights';

const breakdown = { Households: 70, 'Food Services': 20, Retail: 5, 'Post-Harvest & Agriculture': 5 };
const rows: YearlyRow[] = [
  { year: 2020, hunger: 200, foodWaste: 100, foodWasteUnit: 'million tonnes', foodWasteBreakdown: breakdown },
  { year: 2022, hunger: 242, foodWaste: 100, foodWasteUnit: 'million tonnes', foodWasteBreakdown: breakdown },
];
const summary = { region: 'India', year: 2022, potentialImpactDays: 826.44 } as StatisticsSummary;
const sources: FoodWasteSources = { region: 'India', year: 2022, totalFoodWaste: 100, unit: 'million tonnes', sourceBreakdown: breakdown };

describe('deriveInsights', () => {
  it('describes growth, coverage and the biggest source from the numbers given', () => {
    const daily: DailyComparison = { region: 'India', year: 2022, dailyHungry: 242_000_000, peopleFed: 547_945_205, enoughFood: true, shortBy: 0, coverage: 2.2642, population: 1450.94 };
    const result = deriveInsights({ rows, summary, daily, sources });
    expect(result.insights).toContain('Hunger in India went from 200.0M to 242.0M people between 2020 and 2022: rising 10.00% a year.');
    expect(result.insights).toContain('Food waste went from 100.0M to 100.0M tonnes over the same years: unchanged.');
    expect(result.insights).toContain('Households waste the most food: 70.0% of 100.0M tonnes in 2022.');
    expect(result.insights).toContain("A year's wasted food could feed every hungry person in India for 826 days.");
    expect(result.recommendations[0]).toMatch(/^To cut waste where it is largest, start with homes/);
    // 100 / 2.2642 = 44.16...
    expect(result.recommendations[1]).toMatch(/^Rescuing 44\.2% of the food wasted each day/);
    // 242 x 1.1^5 = 389.7...
    expect(result.recommendations[2]).toMatch(/^At 10\.00% a year, 389\.7M people would be hungry by 2027/);
  });

  it('says how far short the waste falls when it cannot feed everyone', () => {
    const daily: DailyComparison = { region: 'India', year: 2022, dailyHungry: 242_000_000, peopleFed: 121_000_000, enoughFood: false, shortBy: 121_000_000, coverage: 0.5, population: 1450.94 };
    const result = deriveInsights({ rows, summary, daily, sources });
    expect(result.insights).toContain('In 2022, the food wasted each day could feed 121.0M people, 121.0M short of the 242.0M who go hungry.');
    expect(result.recommendations).toContain(
      'Even all the wasted food would cover 50.0% of the need, so rescuing surplus must go together with food programmes for the remaining 121.0M people.',
    );
  });

  it('leaves out trends for a single year', () => {
    const daily: DailyComparison = { region: 'India', year: 2022, dailyHungry: 1, peopleFed: 2, enoughFood: true, shortBy: 0, coverage: 2, population: 1450.94 };
    const result = deriveInsights({ rows: rows.slice(1), summary, daily, sources });
    expect(result.insights.some((text) => text.startsWith('Hunger in'))).toBe(false);
  });
});
