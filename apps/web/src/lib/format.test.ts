import { describe, expect, it } from 'vitest';
import { formatAxisTick, formatCompact } from './format';

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

it('writes axis ticks compactly, without a needless .0', () => {
  expect(formatAxisTick(600_000_000)).toBe('600M');
  expect(formatAxisTick(2_362_000_000)).toBe('2.4B');
  expect(formatAxisTick(0)).toBe('0');
  expect(formatAxisTick(1_500)).toBe('1.5K');
});
