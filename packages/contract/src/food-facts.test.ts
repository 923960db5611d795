import { describe, expect, it } from 'vitest';
import { computeExpiresAt, preparedAtProblem } from './donations';
import {
  ALL_ALLERGENS_MASK,
  ALLERGENS,
  allergensToMask,
  dietContradiction,
  dietsToMask,
  isVegOnly,
  maskToAllergens,
  maskToDiets,
  maskToSafetyChecks,
  safetyChecksToMask,
} from './food-facts';

const created = new Date('2026-06-01T06:30:00.000Z');
const at = (iso: string) => new Date(iso);

describe('allergen, diet and checklist masks', () => {
  it('gives each FSSAI allergen its own bit in the regulation order and reads the list back in that order', () => {
    expect(allergensToMask(['GLUTEN'])).toBe(1);
    expect(allergensToMask(['SULPHITES'])).toBe(256);
    expect(allergensToMask([])).toBe(0);
    expect(allergensToMask([...ALLERGENS])).toBe(ALL_ALLERGENS_MASK);
    expect(ALL_ALLERGENS_MASK).toBe(511);
    expect(maskToAllergens(allergensToMask(['MILK', 'EGGS', 'PEANUTS']))).toEqual(['EGGS', 'PEANUTS', 'MILK']);
  });
  it('round-trips diets and the safety checklist', () => {
    expect(maskToDiets(dietsToMask(['VEGAN', 'VEG']))).toEqual(['VEG', 'VEGAN']);
    expect(dietsToMask([])).toBe(0);
    expect(maskToSafetyChecks(safetyChecksToMask(['NO_PLATE_LEFTOVERS', 'KEPT_COVERED']))).toEqual(['KEPT_COVERED', 'NO_PLATE_LEFTOVERS']);
    expect(safetyChecksToMask(['KEPT_COVERED', 'KEPT_HOT_OR_COLD', 'NO_PLATE_LEFTOVERS'])).toBe(7);
  });
  it('knows "Veg only" as vegetarian and vegan, in any order', () => {
    expect(isVegOnly(['VEGAN', 'VEG'])).toBe(true);
    expect(isVegOnly(['VEG'])).toBe(false);
    expect(isVegOnly(['VEG', 'VEGAN', 'EGG'])).toBe(false);
    expect(isVegOnly(undefined)).toBe(false);
  });
});

describe('diet and allergens that contradict each other', () => {
  it('finds the allergen a diet rules out', () => {
    expect(dietContradiction('VEG', ['MILK', 'FISH'])).toBe('FISH');
    expect(dietContradiction('VEG', ['EGGS'])).toBe('EGGS');
    expect(dietContradiction('VEGAN', ['MILK'])).toBe('MILK');
    expect(dietContradiction('EGG', ['EGGS', 'MILK'])).toBeNull();
    expect(dietContradiction('EGG', ['CRUSTACEANS'])).toBe('CRUSTACEANS');
    expect(dietContradiction('NON_VEG', [...ALLERGENS])).toBeNull();
  });
});

describe('the 4-hour rule counted from cooking', () => {
  it('counts from the cooking time when it is before posting, and from posting otherwise', () => {
    expect(computeExpiresAt('PRECOOKED', null, created, at('2026-06-01T05:00:00.000Z'))).toEqual({ ok: true, expiresAt: at('2026-06-01T09:00:00.000Z') });
    expect(computeExpiresAt('PRECOOKED', null, created, created)).toEqual({ ok: true, expiresAt: at('2026-06-01T10:30:00.000Z') });
    expect(computeExpiresAt('PRECOOKED', null, created, null)).toEqual({ ok: true, expiresAt: at('2026-06-01T10:30:00.000Z') });
    // An earlier expiry still wins.
    expect(computeExpiresAt('PRECOOKED', at('2026-06-01T08:00:00.000Z'), created, at('2026-06-01T05:00:00.000Z'))).toEqual({
      ok: true,
      expiresAt: at('2026-06-01T08:00:00.000Z'),
    });
  });
  it('refuses a cooking time ahead of the clock or 4 hours or more ago', () => {
    expect(preparedAtProblem(null, created)).toBeNull();
    expect(preparedAtProblem(created, created)).toBeNull();
    expect(preparedAtProblem(at('2026-06-01T06:30:00.001Z'), created)).toEqual({ code: 'PREPARED_AT_FUTURE' });
    expect(preparedAtProblem(at('2026-06-01T02:30:00.001Z'), created)).toBeNull();
    expect(preparedAtProblem(at('2026-06-01T02:30:00.000Z'), created)).toEqual({ code: 'PREPARED_AT_TOO_OLD' });
  });
});
