import { describe, expect, it } from 'vitest';
import { foodFilterQuery, readFoodFilter, writeFoodFilter } from './food-filter';

describe('food filters in the URL', () => {
  it('reads "Veg only" and the allergens left out, ignoring what it does not know', () => {
    expect(readFoodFilter(new URLSearchParams('diet=VEG,VEGAN&excludeAllergens=MILK,MUSTARD,PEANUTS'))).toEqual({
      vegOnly: true,
      excludeAllergens: ['PEANUTS', 'MILK'],
    });
    expect(readFoodFilter(new URLSearchParams('diet=VEG'))).toEqual({ vegOnly: false, excludeAllergens: [] });
    expect(readFoodFilter(new URLSearchParams(''))).toEqual({ vegOnly: false, excludeAllergens: [] });
  });

  it('writes a choice in, keeps other params, drops the page and leaves the URL clean when nothing is chosen', () => {
    const on = writeFoodFilter(new URLSearchParams('near=411001&page=3'), { vegOnly: true, excludeAllergens: ['MILK', 'GLUTEN'] });
    expect(on.toString()).toBe('near=411001&diet=VEG%2CVEGAN&excludeAllergens=GLUTEN%2CMILK');
    const off = writeFoodFilter(on, { vegOnly: false, excludeAllergens: [] });
    expect(off.toString()).toBe('near=411001');
    expect(writeFoodFilter(on, { excludeAllergens: [] }).toString()).toBe('near=411001&diet=VEG%2CVEGAN');
  });

  it('gives the API the same parameters', () => {
    expect(foodFilterQuery({ vegOnly: true, excludeAllergens: ['EGGS'] })).toEqual({ diet: 'VEG,VEGAN', excludeAllergens: 'EGGS' });
    expect(foodFilterQuery({ vegOnly: false, excludeAllergens: [] })).toEqual({});
  });
});
