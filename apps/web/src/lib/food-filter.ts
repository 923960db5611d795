import { ALLERGENS, type Allergen, type Diet, VEG_ONLY_DIETS, isVegOnly } from '@annadaan/contract/diets-and-allergens';

/*
 * The food filters as the URL keeps them (issue 16), so a link shares the view: `diet=VEG,VEGAN`
 * is "Veg only" (vegetarian and vegan food), `excludeAllergens` a comma-separated list of FSSAI
 * allergens to leave out. The API takes the same parameters. See docs/decisions/027-food-facts.md.
 */

export const DIET_PARAM = 'diet';
export const EXCLUDE_ALLERGENS_PARAM = 'excludeAllergens';

export interface FoodFilterChoice {
  vegOnly: boolean;
  excludeAllergens: Allergen[];
}

export function readFoodFilter(params: URLSearchParams): FoodFilterChoice {
  const diets = (params.get(DIET_PARAM) ?? '').split(',').filter(Boolean) as Diet[];
  const allergens = (params.get(EXCLUDE_ALLERGENS_PARAM) ?? '').split(',');
  return {
    vegOnly: isVegOnly(diets),
    excludeAllergens: ALLERGENS.filter((allergen) => allergens.includes(allergen)),
  };
}

/** The params with a new choice written in; nothing chosen leaves the URL clean. Any change starts the list again at its first page. */
export function writeFoodFilter(params: URLSearchParams, patch: Partial<FoodFilterChoice>): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readFoodFilter(params);
  const vegOnly = patch.vegOnly ?? current.vegOnly;
  const excluded = patch.excludeAllergens ?? current.excludeAllergens;
  if (vegOnly) next.set(DIET_PARAM, VEG_ONLY_DIETS.join(','));
  else next.delete(DIET_PARAM);
  const ordered = ALLERGENS.filter((allergen) => excluded.includes(allergen));
  if (ordered.length > 0) next.set(EXCLUDE_ALLERGENS_PARAM, ordered.join(','));
  else next.delete(EXCLUDE_ALLERGENS_PARAM);
  next.delete('page');
  return next;
}

/** The API's query parameters for a choice; absent when nothing is chosen. */
export function foodFilterQuery(choice: FoodFilterChoice): { diet?: string; excludeAllergens?: string } {
  return {
    ...(choice.vegOnly ? { diet: VEG_ONLY_DIETS.join(',') } : {}),
    ...(choice.excludeAllergens.length > 0 ? { excludeAllergens: choice.excludeAllergens.join(',') } : {}),
  };
}
