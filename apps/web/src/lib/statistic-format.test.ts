import { describe, expect, it } from 'vitest';
import { statisticFigures } from './statistic-format';

/** ICU keeps a number with its word on one line with a no-break space; compared as a plain space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const en = statisticFigures('en');
const hi = statisticFigures('hi');

describe('statistic figures', () => {
  it('keep the spec K/M/B in English and say lakh and crore in Hindi', () => {
    expect(en.figure(196_080_000)).toBe('196.1M');
    expect(en.figure(2_362_000_000)).toBe('2.4B');
    expect(en.figure(1_234_567)).toBe('1.2M');
    expect(spaced(hi.figure(196_080_000))).toBe('19.6 करोड़');
    expect(spaced(hi.figure(1_234_567))).toBe('12.3 लाख');
    expect(spaced(hi.figure(2_362_000_000))).toBe('2.4 अरब');
    expect(hi.figure(99_999)).toBe('99,999');
  });

  it('shorten axis ticks without a trailing .0', () => {
    expect(en.tick(600_000_000)).toBe('600M');
    expect(spaced(hi.tick(600_000_000))).toBe('60 करोड़');
    expect(hi.tick(0)).toBe('0');
  });

  it('write full numbers with Indian grouping in both languages', () => {
    expect(en.number(1_234_567)).toBe('12,34,567');
    expect(hi.number(1_234_567)).toBe('12,34,567');
    expect(en.number(2362.456)).toBe('2,362.46');
  });

  it('write percentages with fixed decimals', () => {
    expect(en.percent(10)).toBe('10.0%');
    expect(hi.percent(-1.254, 2)).toBe('-1.25%');
    expect(en.percentOfRatio(2.2642)).toBe('226.4%');
    expect(hi.percentOfRatio(0.5)).toBe('50.0%');
  });

  it('put figures held in millions before their unit word', () => {
    expect(en.millions(673)).toBe('673.0 million');
    expect(en.millions(170.45, true)).toBe('170.45 million');
    expect(spaced(hi.millions(170.45))).toBe('17 करोड़');
    expect(spaced(hi.millions(78.1))).toBe('7.8 करोड़');
  });
});
