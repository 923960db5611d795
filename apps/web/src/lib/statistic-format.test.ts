import { describe, expect, it } from 'vitest';
import { statisticFigures } from './statistic-format';

/** ICU keeps a number with its word on one line with a no-break space; compared as a plain space. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const en = statisticFigures('en');
const hi = statisticFigures('hi');

describe('statistic figures', () => {
  it('say lakh and crore in both languages, never M or B (issue 29: "170.4M", "2,362.0 million tonnes")', () => {
    expect(spaced(en.figure(170_450_000))).toBe('17 crore');
    expect(spaced(en.figure(196_080_000))).toBe('19.6 crore');
    expect(spaced(en.figure(2_362_000_000))).toBe('236.2 crore');
    expect(spaced(en.figure(1_234_567))).toBe('12.3 lakh');
    expect(spaced(hi.figure(196_080_000))).toBe('19.6 करोड़');
    expect(spaced(hi.figure(1_234_567))).toBe('12.3 लाख');
    expect(spaced(hi.figure(2_362_000_000))).toBe('236.2 करोड़');
    expect(spaced(en.figure(12_942_465_753))).toBe('1,294.2 crore');
    expect(en.figure(99_999)).toBe('99,999');
    expect(hi.figure(99_999)).toBe('99,999');
  });

  it('write axis ticks in lakh and crore too', () => {
    expect(spaced(en.tick(600_000_000))).toBe('60 crore');
    expect(spaced(hi.tick(600_000_000))).toBe('60 करोड़');
    expect(spaced(en.tick(2_000_000_000))).toBe('200 crore');
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
    expect(spaced(en.millions(673))).toBe('67.3 crore');
    expect(spaced(en.millions(2362))).toBe('236.2 crore');
    expect(spaced(hi.millions(170.45))).toBe('17 करोड़');
    expect(spaced(hi.millions(78.1))).toBe('7.8 करोड़');
  });
});
