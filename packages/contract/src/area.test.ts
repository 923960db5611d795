import { describe, expect, it } from 'vitest';
import { cityOf, publicArea, snapToGrid } from './area';

describe('publicArea', () => {
  it.each([
    ['Flat 12, 34 Lane 5, Bandra West, Mumbai 400050', 'Bandra West, Mumbai 400050'],
    ['Shop 4, MG Road, Pune 411001', 'Pune 411001'],
    ['Koramangala, Bengaluru 560034', 'Koramangala, Bengaluru 560034'],
    ['12 Hill Road 400050', '400050'],
    ['House 3, Gandhi Nagar, Chennai, Tamil Nadu, 600017, India', 'Gandhi Nagar, Chennai 600017'],
    ['Apartment B-4, Sunrise Towers, 5th Cross Road, Koramangala, Bengaluru, Karnataka 560034', 'Koramangala, Bengaluru 560034'],
    ['Near the temple, Saket, New Delhi 110017', 'Saket, New Delhi 110017'],
  ])('%s gives %s', (address, area) => {
    expect(publicArea(address)).toBe(area);
  });
});

describe('cityOf', () => {
  it.each([
    ['Koramangala, Bengaluru 560034', 'Bengaluru'],
    ['Flat 7, 21 Hill Road, Bandra West, Mumbai 400050', 'Mumbai'],
    ['Gandhi Nagar, Chennai, Tamil Nadu, 600017, India', 'Chennai'],
    ['Pune 411001', 'Pune'],
    ['12 Hill Road 400050', ''],
  ])('%s gives %s', (location, city) => {
    expect(cityOf(location)).toBe(city);
  });
});

describe('snapToGrid', () => {
  it('gives every point of a 0.005° cell the cell centre', () => {
    expect(snapToGrid(19.0551)).toBe(19.0575);
    expect(snapToGrid(19.0599)).toBe(19.0575);
    expect(snapToGrid(19.06)).toBe(19.0625);
    expect(snapToGrid(-0.001)).toBe(-0.0025);
    expect(snapToGrid(72.829543)).toBe(72.8275);
  });
});
