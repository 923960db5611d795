import { msg } from './coded-message';
import { z } from 'zod';
import { ALLERGENS, DIETS, SAFETY_CHECKS, type Allergen } from './diets-and-allergens';

/*
 * What a donation says about the food (issue 16): diet, Jain-friendly, allergens, when cooked
 * food was prepared and the donor's safety checklist. Every field is optional on the API so the
 * earlier client keeps working ("Not stated"); see docs/decisions/027-food-facts.md. The values
 * and their helpers live in diets-and-allergens.ts (no zod); the schemas here.
 */
export * from './diets-and-allergens';

export const DietSchema = z.enum(DIETS, { error: msg('DIET_CHOOSE') });
export const AllergenSchema = z.enum(ALLERGENS, { error: msg('ALLERGENS_CHOOSE') });
export const SafetyCheckSchema = z.enum(SAFETY_CHECKS, { error: msg('SAFETY_CHECKS_CHOOSE') });

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/**
 * A unique list of allergens; `[]` is the explicit answer "None known". An unknown value is
 * refused on `allergens` itself (not `allergens.3`), naming the list.
 */
export const AllergenListSchema = z
  .array(z.string({ error: msg('ALLERGEN_UNKNOWN', { allergens: ALLERGENS.join(', ') }) }), { error: msg('ALLERGENS_LIST') })
  .refine((list) => list.every(isAllergen), msg('ALLERGEN_UNKNOWN', { allergens: ALLERGENS.join(', ') }))
  .refine((list) => new Set(list).size === list.length, msg('ALLERGEN_DUPLICATE'))
  .transform((list) => list.filter(isAllergen));

/**
 * Query strings carry lists as comma-separated text ("VEG,VEGAN", or the parameter repeated); an
 * empty one is no filter. A value outside `allowed` is refused on the parameter itself.
 */
function commaList<T extends string>(allowed: readonly T[], message: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value.join(',') : String(value))
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      return parts.length === 0 ? undefined : [...new Set(parts)];
    },
    z
      .array(z.string(), { error: message })
      .refine((list) => list.every((item) => (allowed as readonly string[]).includes(item)), message)
      .transform((list) => list as T[])
      .optional()
      .describe(`Comma-separated, any of ${allowed.join(', ')}.`),
  );
}

/**
 * The food filters browse, the map, Home2 and the food-needs list take: `diet` keeps food of
 * those diets (`diet=VEG,VEGAN` is "Veg only"); `excludeAllergens` leaves out food stating any of
 * them. Food that does not state its diet or allergens is left out by the matching filter, since
 * nobody can promise it fits.
 */
export const FoodFilterQueryShape = {
  diet: commaList(DIETS, 'Give diet as a comma-separated list of VEG, EGG, NON_VEG and VEGAN.'),
  excludeAllergens: commaList(ALLERGENS, `Give excludeAllergens as a comma-separated list of ${ALLERGENS.join(', ')}.`),
};
