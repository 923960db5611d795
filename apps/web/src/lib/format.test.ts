import { describe, expect, it } from 'vitest';
import { formatAxisTick, formatCompact, formatCookedAgo, formatDistanceAway, formatPeopleWithin, formatPercentFromRatio, formatTimeLeft } from './format';

describe('formatCompact', () => {
  it('writes thousands as K and millions as M with one decimal', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1_000)).toBe('1.0K');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(194_600_000)).toBe('194.6M');
    expect(formatCompact(999_949)).toBe('999.9K');
  });

  it('goes on to B beyond a thousand million', () => {
    expect(formatCompact(12_942_465_753)).toBe('12.9B');
  });

  it('keeps the sign', () => {
    expect(formatCompact(-2_500)).toBe('-2.5K');
  });
});

it('formats a coverage ratio as a percentage', () => {
  expect(formatPercentFromRatio(5.023)).toBe('502.3%');
  expect(formatPercentFromRatio(0.4567)).toBe('45.7%');
});

describe('formatTimeLeft', () => {
  it('shows days and hours above 24 hours, rounded down', () => {
    expect(formatTimeLeft(479 * 3600 + 32 * 60 + 44)).toBe('19 days 23 h');
    expect(formatTimeLeft(30 * 86_400)).toBe('30 days 0 h');
    expect(formatTimeLeft(86_401)).toBe('1 day 0 h');
    expect(formatTimeLeft(25 * 3600 + 59 * 60)).toBe('1 day 1 h');
  });

  it('counts down HH:MM:SS from 24 hours on', () => {
    expect(formatTimeLeft(86_400)).toBe('24:00:00');
    expect(formatTimeLeft(3 * 3600 + 5 * 60 + 9)).toBe('03:05:09');
    expect(formatTimeLeft(59.9)).toBe('00:00:59');
  });

  it('never goes below zero', () => {
    expect(formatTimeLeft(-5)).toBe('00:00:00');
  });
});

describe('formatPeopleWithin', () => {
  it('shows a count of people as it is while it fits the population', () => {
    expect(formatPeopleWithin(713_424_657, 1450.94)).toBe('713.4M');
  });

  it('never shows more people than the population it is set against', () => {
    // The old landing figure: the world's whole waste at 0.5 kg a day, 12.9 billion people.
    expect(formatPeopleWithin(12_942_465_753, 8161.97)).toBe('8.2B');
    expect(formatPeopleWithin(1_500_000_001, 1450.94)).toBe('1.5B');
  });
});

it('writes axis ticks compactly, without a needless .0', () => {
  expect(formatAxisTick(600_000_000)).toBe('600M');
  expect(formatAxisTick(2_362_000_000)).toBe('2.4B');
  expect(formatAxisTick(0)).toBe('0');
  expect(formatAxisTick(1_500)).toBe('1.5K');
});

describe('formatDistanceAway', () => {
  it('says the distance with one decimal', () => {
    expect(formatDistanceAway(2.3)).toBe('2.3 km away');
    expect(formatDistanceAway(12)).toBe('12.0 km away');
    expect(formatDistanceAway(0.1)).toBe('0.1 km away');
  });

  it('never says 0.0 km', () => {
    expect(formatDistanceAway(0)).toBe('Under 0.1 km away');
    expect(formatDistanceAway(0.04)).toBe('Under 0.1 km away');
  });

  it('groups thousands the Indian way', () => {
    expect(formatDistanceAway(1234.5)).toBe('1,234.5 km away');
  });
});

describe('formatCookedAgo', () => {
  const now = Date.parse('2026-06-01T12:00:00.000Z');
  it('says how long ago the food was cooked, in minutes under an hour and whole hours after', () => {
    expect(formatCookedAgo('2026-06-01T11:59:30.000Z', now)).toBe('Cooked just now');
    expect(formatCookedAgo('2026-06-01T11:35:00.000Z', now)).toBe('Cooked 25 min ago');
    expect(formatCookedAgo('2026-06-01T10:00:00.000Z', now)).toBe('Cooked 2 h ago');
    expect(formatCookedAgo('2026-06-01T09:01:00.000Z', now)).toBe('Cooked 2 h ago');
    expect(formatCookedAgo('2026-05-29T12:00:00.000Z', now)).toBe('Cooked 3 days ago');
  });
  it('never says a time ahead', () => {
    expect(formatCookedAgo('2026-06-01T12:05:00.000Z', now)).toBe('Cooked just now');
  });
});
