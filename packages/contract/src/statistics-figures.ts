import { atMostPopulation } from './population';

/*
 * The statistics' values and formulas, without zod: the statistics page and the landing page's
 * facts import them in the browser, where zod would add about 25 kB gzipped and 75 ms of start-up
 * on a slow phone (issue 18). statistics.ts re-exports all of it beside the schemas.
 */

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
  return roundTo(
    CONSUMER_FOOD_WASTE_SOURCES.reduce((total, source) => total + breakdownMillionTonnes[source], 0),
    2,
  );
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

export const StatisticsDataType = { BOTH: 'both', HUNGER: 'hunger', FOOD_WASTE: 'foodWaste' } as const;
export type StatisticsDataType = (typeof StatisticsDataType)[keyof typeof StatisticsDataType];
