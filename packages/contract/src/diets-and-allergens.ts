/*
 * The diets, FSSAI allergens and safety checklist of food-facts.ts without its zod schemas, so the
 * first screens (browse's filter, the cards' marks) can use them without loading zod. food-facts.ts
 * re-exports all of it.
 */

export const Diet = { VEG: 'VEG', EGG: 'EGG', NON_VEG: 'NON_VEG', VEGAN: 'VEGAN' } as const;
export type Diet = (typeof Diet)[keyof typeof Diet];
export const DIETS = [Diet.VEG, Diet.EGG, Diet.NON_VEG, Diet.VEGAN] as const;

/** "Veg only" keeps food with neither meat, fish nor egg: vegetarian and vegan. */
export const VEG_ONLY_DIETS: readonly Diet[] = [Diet.VEG, Diet.VEGAN];

/**
 * The allergens the FSSAI (Labelling and Display) Regulations, 2020 require to be declared, in
 * the regulation's order. The order is also each one's bit in the stored mask: never reorder.
 */
export const Allergen = {
  GLUTEN: 'GLUTEN',
  CRUSTACEANS: 'CRUSTACEANS',
  EGGS: 'EGGS',
  FISH: 'FISH',
  PEANUTS: 'PEANUTS',
  SOYBEANS: 'SOYBEANS',
  MILK: 'MILK',
  TREE_NUTS: 'TREE_NUTS',
  SULPHITES: 'SULPHITES',
} as const;
export type Allergen = (typeof Allergen)[keyof typeof Allergen];
export const ALLERGENS = [
  Allergen.GLUTEN,
  Allergen.CRUSTACEANS,
  Allergen.EGGS,
  Allergen.FISH,
  Allergen.PEANUTS,
  Allergen.SOYBEANS,
  Allergen.MILK,
  Allergen.TREE_NUTS,
  Allergen.SULPHITES,
] as const;

/** Every allergen's bit set: what a donation whose allergens are not stated may contain. */
export const ALL_ALLERGENS_MASK = (1 << ALLERGENS.length) - 1;

export function allergensToMask(allergens: readonly Allergen[]): number {
  return allergens.reduce((mask, allergen) => mask | (1 << ALLERGENS.indexOf(allergen)), 0);
}

export function maskToAllergens(mask: number): Allergen[] {
  return ALLERGENS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** The donor's safety checklist for cooked food; each point is confirmed by ticking it. */
export const SafetyCheck = { KEPT_COVERED: 'KEPT_COVERED', KEPT_HOT_OR_COLD: 'KEPT_HOT_OR_COLD', NO_PLATE_LEFTOVERS: 'NO_PLATE_LEFTOVERS' } as const;
export type SafetyCheck = (typeof SafetyCheck)[keyof typeof SafetyCheck];
export const SAFETY_CHECKS = [SafetyCheck.KEPT_COVERED, SafetyCheck.KEPT_HOT_OR_COLD, SafetyCheck.NO_PLATE_LEFTOVERS] as const;
export const ALL_SAFETY_CHECKS_MASK = (1 << SAFETY_CHECKS.length) - 1;

export function safetyChecksToMask(checks: readonly SafetyCheck[]): number {
  return checks.reduce((mask, check) => mask | (1 << SAFETY_CHECKS.indexOf(check)), 0);
}

export function maskToSafetyChecks(mask: number): SafetyCheck[] {
  return SAFETY_CHECKS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** Words people read for the enums; the web's marks always show these beside the colour. */
export const dietLabels: Record<Diet, string> = { VEG: 'Veg', EGG: 'Egg', NON_VEG: 'Non-veg', VEGAN: 'Vegan' };
export const allergenLabels: Record<Allergen, string> = {
  GLUTEN: 'Cereals containing gluten',
  CRUSTACEANS: 'Crustaceans',
  EGGS: 'Eggs',
  FISH: 'Fish',
  PEANUTS: 'Peanuts',
  SOYBEANS: 'Soybeans',
  MILK: 'Milk',
  TREE_NUTS: 'Tree nuts',
  SULPHITES: 'Sulphites',
};
export const safetyCheckLabels: Record<SafetyCheck, string> = {
  KEPT_COVERED: 'Kept covered',
  KEPT_HOT_OR_COLD: 'Kept hot or refrigerated',
  NO_PLATE_LEFTOVERS: 'No leftovers from plates',
};

/** Allergens a diet rules out: stating both is a contradiction the API refuses. */
const RULED_OUT: Record<Diet, readonly Allergen[]> = {
  VEG: [Allergen.EGGS, Allergen.FISH, Allergen.CRUSTACEANS],
  VEGAN: [Allergen.EGGS, Allergen.FISH, Allergen.CRUSTACEANS, Allergen.MILK],
  EGG: [Allergen.FISH, Allergen.CRUSTACEANS],
  NON_VEG: [],
};

/** The first allergen the diet rules out, or null when the two agree. */
export function dietContradiction(diet: Diet, allergens: readonly Allergen[]): Allergen | null {
  return allergens.find((allergen) => RULED_OUT[diet].includes(allergen)) ?? null;
}

export interface FoodFilter {
  diet?: Diet[] | undefined;
  excludeAllergens?: Allergen[] | undefined;
}

/** True when the filter is "Veg only" exactly. */
export function isVegOnly(diets: readonly Diet[] | undefined): boolean {
  return diets !== undefined && diets.length === VEG_ONLY_DIETS.length && VEG_ONLY_DIETS.every((diet) => diets.includes(diet));
}

/** A set of diets as bits in DIETS order (alerts store it); 0 is any diet. */
export function dietsToMask(diets: readonly Diet[]): number {
  return diets.reduce((mask, diet) => mask | (1 << DIETS.indexOf(diet)), 0);
}

export function maskToDiets(mask: number): Diet[] {
  return DIETS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}
