import { describe, expect, it } from 'vitest';
import type { DailyComparison, FoodWasteSources, StatisticsSummary, YearlyRow } from '@annadaan/contract/statistics';
import en from '../../i18n/locales/en/statistics.json';
import hi from '../../i18n/locales/hi/statistics.json';
import { Translator } from '../../i18n/translator';
import { statisticFigures } from '../../lib/statistic-format';
import { deriveInsights, type InsightMessage } from './statistics-insights';

const i18n = new Translator({
  language: 'en',
  fallbackLanguage: 'en',
  defaultNamespace: 'statistics',
  resources: { en: { statistics: en }, hi: { statistics: hi } },
  load: () => Promise.reject(new Error('Every catalog this test reads is given.')),
});
const say = (language: 'en' | 'hi') => (message: InsightMessage) =>
  i18n
    .getFixedT(language, 'statistics')(message.key, message.values)
    .replace(/[\u00a0\u202f]/g, ' ');

const breakdown = { Households: 70, 'Food Services': 20, Retail: 5, 'Post-Harvest & Agriculture': 5 };
const rows: YearlyRow[] = [
  {
    year: 2020,
    hunger: 200,
    foodWaste: 100,
    foodWasteUnit: 'million tonnes',
    foodWasteBreakdown: breakdown,
    carriedForward: { hunger: false, foodWaste: false },
  },
  {
    year: 2022,
    hunger: 242,
    foodWaste: 100,
    foodWasteUnit: 'million tonnes',
    foodWasteBreakdown: breakdown,
    carriedForward: { hunger: false, foodWaste: false },
  },
];
const summary = { region: 'India', year: 2022, potentialImpactDays: 826.44 } as StatisticsSummary;
const sources: FoodWasteSources = { region: 'India', year: 2022, totalFoodWaste: 100, unit: 'million tonnes', sourceBreakdown: breakdown };
const english = { figures: statisticFigures('en'), regionName: 'India' };
const hindi = { figures: statisticFigures('hi'), regionName: 'भारत' };

describe('deriveInsights', () => {
  it('describes growth, coverage and the biggest source from the numbers given, in English in lakh and crore', () => {
    const daily: DailyComparison = {
      region: 'India',
      year: 2022,
      dailyHungry: 242_000_000,
      peopleFed: 547_945_205,
      enoughFood: true,
      shortBy: 0,
      coverage: 2.2642,
      population: 1450.94,
    };
    const result = deriveInsights({ rows, summary, daily, sources, ...english });
    const insights = result.insights.map(say('en'));
    const recommendations = result.recommendations.map(say('en'));
    expect(insights).toContain('Hunger in India went from 20 crore to 24.2 crore people between 2020 and 2022: rising 10.00% a year.');
    expect(insights).toContain('Food waste went from 10 crore to 10 crore tonnes over the same years: unchanged.');
    expect(insights).toContain('Households waste the most food: 70.0% of 10 crore tonnes in 2022.');
    expect(insights).toContain('In 2022, the food wasted each day could feed 54.8 crore people: 226.4% of the 24.2 crore who go hungry.');
    expect(insights).toContain("A year's wasted food could feed every hungry person in India for 826 days.");
    expect(recommendations[0]).toMatch(/^To cut waste where it is largest, start with homes/);
    // 100 / 2.2642 = 44.16...
    expect(recommendations[1]).toMatch(/^Rescuing 44\.2% of the food wasted each day/);
    // 242 x 1.1^5 = 389.7...
    expect(recommendations[2]).toMatch(/^At 10\.00% a year, 39 crore people would be hungry by 2027/);
  });

  it('says the same in Hindi, with lakh and crore', () => {
    const daily: DailyComparison = {
      region: 'India',
      year: 2022,
      dailyHungry: 242_000_000,
      peopleFed: 547_945_205,
      enoughFood: true,
      shortBy: 0,
      coverage: 2.2642,
      population: 1450.94,
    };
    const result = deriveInsights({ rows, summary, daily, sources, ...hindi });
    const insights = result.insights.map(say('hi'));
    expect(insights).toContain('2020 से 2022 के बीच भारत में भूखे लोग 20 करोड़ से 24.2 करोड़ हो गए: हर साल 10.00% की बढ़त।');
    expect(insights).toContain('सबसे ज़्यादा खाना घरों में बर्बाद होता है: 2022 में कुल 10 करोड़ टन का 70.0%।');
    expect(insights).toContain('एक साल के बर्बाद खाने से भारत के हर भूखे व्यक्ति का पेट 826 दिन तक भर सकता है।');
    expect(result.recommendations.map(say('hi'))[2]).toMatch(/^हर साल 10\.00% की इस रफ़्तार से 2027 तक 39 करोड़ लोग भूखे होंगे/);
  });

  it('says how far short the waste falls when it cannot feed everyone', () => {
    const daily: DailyComparison = {
      region: 'India',
      year: 2022,
      dailyHungry: 242_000_000,
      peopleFed: 121_000_000,
      enoughFood: false,
      shortBy: 121_000_000,
      coverage: 0.5,
      population: 1450.94,
    };
    const result = deriveInsights({ rows, summary, daily, sources, ...english });
    expect(result.insights.map(say('en'))).toContain(
      'In 2022, the food wasted each day could feed 12.1 crore people, 12.1 crore short of the 24.2 crore who go hungry.',
    );
    expect(result.recommendations.map(say('en'))).toContain(
      'Even all the wasted food would cover 50.0% of the need, so rescuing surplus must go together with food programmes for the remaining 12.1 crore people.',
    );
    expect(deriveInsights({ rows, summary, daily, sources, ...hindi }).insights.map(say('hi'))).toContain(
      '2022 में रोज़ बर्बाद होने वाले खाने से 12.1 करोड़ लोगों का पेट भर सकता था, जो भूखे रहने वाले 24.2 करोड़ लोगों से 12.1 करोड़ कम है।',
    );
  });

  it('speaks of falling hunger and shrinking waste', () => {
    const falling: YearlyRow[] = [
      { ...rows[0]!, hunger: 242, foodWaste: 121 },
      { ...rows[1]!, hunger: 200, foodWaste: 100 },
    ];
    const daily: DailyComparison = {
      region: 'India',
      year: 2022,
      dailyHungry: 1,
      peopleFed: 2,
      enoughFood: true,
      shortBy: 0,
      coverage: 2,
      population: 1450.94,
    };
    const result = deriveInsights({ rows: falling, summary, daily, sources, ...english });
    const insights = result.insights.map(say('en'));
    expect(insights[0]).toMatch(/: falling 9\.09% a year\.$/);
    expect(insights[1]).toMatch(/: falling 9\.09% a year\.$/);
    expect(result.recommendations.map(say('en'))).toContain('Food waste is shrinking 9.09% a year; keep measuring it by source so the progress holds.');
  });

  it('leaves out trends for a single year', () => {
    const daily: DailyComparison = {
      region: 'India',
      year: 2022,
      dailyHungry: 1,
      peopleFed: 2,
      enoughFood: true,
      shortBy: 0,
      coverage: 2,
      population: 1450.94,
    };
    const result = deriveInsights({ rows: rows.slice(1), summary, daily, sources, ...english });
    expect(result.insights.some((message) => message.key.startsWith('insights.hunger'))).toBe(false);
  });
});
