import { describe, expect, it } from 'vitest';
import { averageOf, indiaMonths } from './analytics';
import { maskEmail, maskPhone } from './directory';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('rahul@gmail.com')).toBe('r•••@gmail.com');
    expect(maskEmail('a@b.in')).toBe('a•••@b.in');
    expect(maskEmail('first.last+tag@mail.example.co.in')).toBe('f•••@mail.example.co.in');
  });
  it('hides everything of what is not an address and keeps empty empty', () => {
    expect(maskEmail('no-at-sign')).toBe('•••');
    expect(maskEmail('@domain.in')).toBe('•••');
    expect(maskEmail('')).toBe('');
  });
});

describe('maskPhone', () => {
  it('shows the first two and the last three of the 10 digits, without the country code', () => {
    expect(maskPhone('+919876543210')).toBe('98•••••210');
    expect(maskPhone('9876543210')).toBe('98•••••210');
    expect(maskPhone('+91 98765-43210')).toBe('98•••••210');
  });
  it('keeps only the last three digits of anything else', () => {
    expect(maskPhone('08012345')).toBe('•••••345');
    expect(maskPhone('12')).toBe('••');
    expect(maskPhone('')).toBe('');
  });
  it('never returns more than five digits of a number', () => {
    for (const phone of ['+916000000001', '7012345678', '+918888888888']) {
      expect(maskPhone(phone).replace(/\D/g, '').length).toBe(2 + 3);
    }
  });
});

describe('indiaMonths', () => {
  it('labels months as people in India see them', () => {
    // 31 Jan 18:30 UTC is 1 Feb midnight in India.
    const months = indiaMonths(new Date('2026-01-31T18:30:00.000Z'), 3);
    expect(months.map((m) => m.month)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(months[2]).toEqual({ month: '2026-02', start: new Date('2026-01-31T18:30:00.000Z'), end: new Date('2026-02-28T18:30:00.000Z') });
    expect(indiaMonths(new Date('2026-01-31T18:29:59.999Z'), 1)[0]?.month).toBe('2026-01');
  });
  it('crosses years and gives twelve consecutive months', () => {
    const months = indiaMonths(new Date('2026-03-10T00:00:00.000Z'), 12);
    expect(months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    for (let i = 1; i < months.length; i += 1) expect(months[i]?.start).toEqual(months[i - 1]?.end);
  });
});

describe('averageOf', () => {
  it('rounds to two decimals and is 0 for nothing', () => {
    expect(averageOf(0, 0)).toBe(0);
    expect(averageOf(9, 2)).toBe(4.5);
    expect(averageOf(14, 3)).toBe(4.67);
    expect(averageOf(10, 3)).toBe(3.33);
  });
});
