/*
 * Kept apart from statistics.ts (which builds zod schemas at import time) so every screen that
 * shows a count of people can apply the guard without pulling zod into the landing page.
 */

/**
 * The guard (issue 11): a count of people can never be more than the population it is set
 * against. Counts above it are capped at it, so no page can claim to feed more people than
 * exist (the landing page once said 12.3 billion, for a world of 8.2 billion).
 */
export function atMostPopulation(people: number, populationMillions: number): number {
  if (!Number.isFinite(populationMillions) || populationMillions <= 0) throw new RangeError('The population must be a positive number.');
  return Math.min(people, Math.round(populationMillions * 1_000_000));
}
