import { describe, expect, it } from 'vitest';
import {
  GrowthRateQuerySchema,
  MAX_FOOD_WASTE_MILLION_TONNES,
  MAX_HUNGER_MILLIONS,
  RegionYearQuerySchema,
  YearlyQuerySchema,
  cagr,
  coverage,
  dailyHungry,
  enoughFood,
  peopleFed,
  peopleFedByConsumerWaste,
  consumerFoodWaste,
  atMostPopulation,
  potentialImpactDays,
  shortBy,
} from './statistics';

/** The formula done in exact integer arithmetic, to compare the double version against. */
function peopleFedExact(millionTonnes: number): bigint {
  const tonnes = BigInt(Math.round(millionTonnes * 100)) * 10_000n;
  return (tonnes * 1000n * 2n) / 365n;
}

describe('dailyHungry', () => {
  it('is hunger in millions times one million, as whole people', () => {
    expect(dailyHungry(194.6)).toBe(194_600_000);
    expect(dailyHungry(170.45)).toBe(170_450_000);
    expect(dailyHungry(0)).toBe(0);
  });

  it('rejects negative, non-finite and absurd values', () => {
    expect(() => dailyHungry(-1)).toThrow(RangeError);
    expect(() => dailyHungry(Number.NaN)).toThrow(RangeError);
    expect(() => dailyHungry(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dailyHungry(MAX_HUNGER_MILLIONS + 1)).toThrow(RangeError);
  });
});

describe('peopleFed', () => {
  it('is floor(tonnes x 1000 / 365 / 0.5)', () => {
    // 68.76 Mt = 68,760,000 t -> 137,520,000,000 portions / 365 = 376,767,123.28...
    expect(peopleFed(68.76)).toBe(376_767_123);
    expect(peopleFed(1)).toBe(5_479_452);
    expect(peopleFed(0)).toBe(0);
  });

  it('rounds down exactly where the quotient is a whole number', () => {
    // 0.73 Mt = 730,000 t -> 1,460,000,000 / 365 = 4,000,000 exactly.
    expect(peopleFed(0.73)).toBe(4_000_000);
    expect(peopleFed(0.01)).toBe(54_794);
  });

  it('matches exact integer arithmetic for every data-sized value and stays a safe integer at the largest', () => {
    for (const value of [0.01, 29.49, 65.88, 196.08, 2241, 2362, 12345.67, MAX_FOOD_WASTE_MILLION_TONNES]) {
      const fed = peopleFed(value);
      expect(Number.isSafeInteger(fed)).toBe(true);
      expect(BigInt(fed)).toBe(peopleFedExact(value));
    }
    expect(peopleFed(MAX_FOOD_WASTE_MILLION_TONNES)).toBe(547_945_205_479);
  });

  it('rejects negative and too-large amounts instead of returning nonsense', () => {
    expect(() => peopleFed(-0.01)).toThrow(RangeError);
    expect(() => peopleFed(MAX_FOOD_WASTE_MILLION_TONNES + 0.01)).toThrow(RangeError);
  });
});

describe('enoughFood, shortBy and coverage', () => {
  it('says enough when fed is at least hungry, and never gives a negative shortfall', () => {
    expect(enoughFood(10, 10)).toBe(true);
    expect(enoughFood(9, 10)).toBe(false);
    expect(shortBy(9, 10)).toBe(1);
    expect(shortBy(11, 10)).toBe(0);
    expect(shortBy(0, 10)).toBe(10);
  });

  it('gives coverage as a ratio to 4 decimals', () => {
    expect(coverage(1, 3)).toBe(0.3333);
    expect(coverage(2, 3)).toBe(0.6667);
    expect(coverage(10, 10)).toBe(1);
    expect(coverage(0, 10)).toBe(0);
    expect(() => coverage(1, 0)).toThrow(RangeError);
  });

  it('works at the largest values without overflow or negative counts', () => {
    const hungry = dailyHungry(MAX_HUNGER_MILLIONS);
    const fed = peopleFed(MAX_FOOD_WASTE_MILLION_TONNES);
    expect(hungry).toBe(10_000_000_000);
    expect(Number.isSafeInteger(hungry)).toBe(true);
    expect(shortBy(fed, hungry)).toBe(0);
    expect(shortBy(0, hungry)).toBe(hungry);
    expect(coverage(fed, hungry)).toBe(54.7945);
    const tinyFed = peopleFed(0.01);
    expect(shortBy(tinyFed, hungry)).toBe(10_000_000_000 - 54_794);
  });
});

describe('potentialImpactDays', () => {
  it('is tonnes x 2000 / dailyHungry to 2 decimals', () => {
    // 68.76 Mt x 2000 = 137,520,000,000 portions / 194,600,000 people = 706.68...
    expect(potentialImpactDays(68.76, 194_600_000)).toBe(706.68);
    expect(potentialImpactDays(1, 2_000_000)).toBe(1000);
    expect(() => potentialImpactDays(1, 0)).toThrow(RangeError);
  });

  it('stays finite and exact at the largest values', () => {
    // 1e11 t x 2000 = 2e14 portions, far below 2^53.
    expect(potentialImpactDays(MAX_FOOD_WASTE_MILLION_TONNES, 1)).toBe(200_000_000_000_000);
    expect(potentialImpactDays(0.01, dailyHungry(MAX_HUNGER_MILLIONS))).toBe(0);
  });
});

describe('cagr', () => {
  it('is ((end / start)^(1 / years) - 1) x 100 to 2 decimals', () => {
    expect(cagr(100, 121, 2015, 2017)).toBe(10);
    expect(cagr(194.6, 170.45, 2015, 2025)).toBe(-1.32);
    expect(cagr(577, 673, 2015, 2025)).toBe(1.55);
    expect(cagr(100, 100, 2015, 2025)).toBe(0);
  });

  it('is 0 over zero years and refuses reversed years or non-positive values', () => {
    expect(cagr(100, 200, 2020, 2020)).toBe(0);
    expect(() => cagr(100, 200, 2021, 2020)).toThrow(RangeError);
    expect(() => cagr(0, 200, 2015, 2020)).toThrow(RangeError);
    expect(() => cagr(100, -1, 2015, 2020)).toThrow(RangeError);
  });

  it('stays finite for the largest ratio the data bounds allow', () => {
    const result = cagr(0.01, MAX_FOOD_WASTE_MILLION_TONNES, 2024, 2025);
    expect(Number.isFinite(result)).toBe(true);
    expect(result).toBe(999_999_900);
  });
});

describe('query schemas', () => {
  it('fill the defaults: India, 2015 to 2025, both, latest year', () => {
    expect(YearlyQuerySchema.parse({})).toEqual({ dataType: 'both', region: 'India', startYear: 2015, endYear: 2025 });
    expect(RegionYearQuerySchema.parse({})).toEqual({ region: 'India', year: 2025 });
  });

  it('normalise the region in any case and parse digit years', () => {
    expect(RegionYearQuerySchema.parse({ region: ' gLoBaL ', year: '2015' })).toEqual({ region: 'Global', year: 2015 });
    expect(GrowthRateQuerySchema.parse({ type: 'foodWaste', region: 'INDIA', startYear: '2020', endYear: '2020' })).toEqual({
      type: 'foodWaste',
      region: 'India',
      startYear: 2020,
      endYear: 2020,
    });
  });

  it('reject other regions, years outside 2015-2025, non-digits and start after end', () => {
    for (const query of [{ region: 'Mars' }, { year: '2014' }, { year: '2026' }, { year: '2e3' }, { year: '' }, { year: '2020.0' }, { year: 'abc' }]) {
      expect(RegionYearQuerySchema.safeParse(query).success).toBe(false);
    }
    const reversed = YearlyQuerySchema.safeParse({ startYear: '2021', endYear: '2020' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(['endYear']);
    expect(GrowthRateQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('people fed by consumer-level waste, within the population', () => {
  const india2024 = { Households: 78.1, 'Food Services': 35.89, Retail: 16.21, 'Post-Harvest & Agriculture': 65.88 };
  const world2024 = { Households: 631, 'Food Services': 290, Retail: 131, 'Post-Harvest & Agriculture': 1310 };

  it('counts only waste that reached consumers', () => {
    expect(consumerFoodWaste(india2024)).toBe(130.2);
    // 130,200,000 t x 2000 / 365 = 713,424,657.5...
    expect(peopleFedByConsumerWaste(india2024, 1450.94)).toBe(713_424_657);
    expect(peopleFedByConsumerWaste(world2024, 8161.97)).toBe(5_764_383_561);
  });

  it('never gives more people than the population (the old formula said 12.9 billion for the world)', () => {
    expect(peopleFed(2362)).toBe(12_942_465_753);
    expect(atMostPopulation(peopleFed(2362), 8161.97)).toBe(8_161_970_000);
    expect(peopleFedByConsumerWaste(world2024, 1000)).toBe(1_000_000_000);
    for (const population of [0.01, 1, 500, 8161.97]) {
      expect(peopleFedByConsumerWaste(world2024, population)).toBeLessThanOrEqual(population * 1_000_000);
    }
  });

  it('refuses a population that is not a positive number', () => {
    expect(() => atMostPopulation(1, 0)).toThrow(RangeError);
    expect(() => atMostPopulation(1, Number.NaN)).toThrow(RangeError);
  });
});
