import { z } from 'zod';
import { ALLERGENS, DIETS, SAFETY_CHECKS, type Allergen } from './diets-and-allergens';

/*
 * What a donation says about the food (issue 16): diet, Jain-friendly, allergens, when cooked
 * food was prepared and the donor's safety checklist. Every field is optional on the API so the
 * earlier client keeps working ("Not stated"); see docs/decisions/027-food-facts.md. The values
 * and their helpers live in diets-and-allergens.ts (no zod); the schemas here.
 */
export * from './diets-and-allergens';

export const DietSchema = z.enum(DIETS, { error: 'Choose Veg, Egg, Non-veg or Vegan.' });
export const AllergenSchema = z.enum(ALLERGENS, { error: 'Choose allergens from the FSSAI list.' });
export const SafetyCheckSchema = z.enum(SAFETY_CHECKS, { error: 'Choose points from the safety checklist.' });

export const FoodFactsMessages = {
  diet: 'Choose Veg, Egg, Non-veg or Vegan for cooked food.',
  allergens: 'Tick the allergens the food contains, or "None known", for cooked food.',
  preparedAt: 'Enter when the food was cooked, as a date and time.',
  preparedAtFuture: 'The cooking time cannot be in the future.',
  preparedAtAfterExpiry: 'The cooking time must be before the expiry.',
  preparedAtTooOld: 'Cooked food is listed for at most 4 hours after cooking; this food was cooked longer ago.',
  preparedAtRaw: 'Only cooked food has a cooking time.',
  safetyChecklist: 'Confirm each point of the safety checklist for cooked food.',
  safetyChecklistRaw: 'The safety checklist is for cooked food only.',
  allergenDuplicate: 'List each allergen once.',
  allergenUnknown: `Allergens are any of ${ALLERGENS.join(', ')}.`,
  jainDiet: 'Jain food is vegetarian: choose Veg or Vegan, or untick Jain.',
  contradiction: (allergen: string, diet: string) => `${diet} food cannot contain ${allergen}.`,
} as const;

const isAllergen = (value: string): value is Allergen => (ALLERGENS as readonly string[]).includes(value);

/**
 * A unique list of allergens; `[]` is the explicit answer "None known". An unknown value is
 * refused on `allergens` itself (not `allergens.3`), naming the list.
 */
export const AllergenListSchema = z
  .array(z.string({ error: FoodFactsMessages.allergenUnknown }), { error: 'Give the allergens as a list, [] for none known.' })
  .refine((list) => list.every(isAllergen), FoodFactsMessages.allergenUnknown)
  .refine((list) => new Set(list).size === list.length, FoodFactsMessages.allergenDuplicate)
  .transform((list) => list.filter(isAllergen));

/**
 * Query strings carry lists as comma-separated text ("VEG,VEGAN", or the parameter repeated); an
 * empty one is no filter. A value outside `allowed` is refused on the parameter itself.
 */
function commaList<T extends string>(allowed: readonly T[], message: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value.join(',') : String(value)).split(',').map((part) => part.trim()).filter(Boolean);
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
