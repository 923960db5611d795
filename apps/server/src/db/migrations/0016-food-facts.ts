import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';

const DIETS = sql`('VEG', 'EGG', 'NON_VEG', 'VEGAN')`;

/**
 * What a donation says about the food (issue 16, docs/decisions/027-food-facts.md). Every new
 * column is nullable: null is "Not stated", which every existing row and every donation from the
 * earlier client reads as.
 *
 * - `donations.diet`, `jain` (0/1), `allergens` (a bitmask in the FSSAI list's order, 0 = "None
 *   known"), `prepared_at`, `safety_checks` (a bitmask of the confirmed checklist points).
 *   Excluding allergens is `allergens & mask = 0`, which both databases compute on the row.
 * - `donations_listed_diet_idx (status, diet, expires_at)`: a diet filter ("Veg only" is two
 *   values) reads only listed rows of those diets, in expiry order within each.
 * - `food_requests.diet` with `food_requests_open_diet_idx (status, diet, created_at)` for the
 *   needs list's newest-first order.
 * - `food_alerts.diet_mask` (bits in Diet order, 0 = any diet) and `exclude_allergens` (bitmask,
 *   0 = none), compared with the new donation's values when alerts are matched.
 */
export const foodFacts: AppMigration = {
  async up(db) {
    await db.schema.alterTable('donations').addColumn('diet', 'text', (c) => c.check(sql`diet in ${DIETS}`)).execute();
    await db.schema.alterTable('donations').addColumn('jain', 'integer', (c) => c.check(sql`jain in (0, 1)`)).execute();
    await db.schema.alterTable('donations').addColumn('allergens', 'integer', (c) => c.check(sql`allergens between 0 and 511`)).execute();
    await db.schema.alterTable('donations').addColumn('prepared_at', 'text').execute();
    await db.schema.alterTable('donations').addColumn('safety_checks', 'integer', (c) => c.check(sql`safety_checks between 0 and 7`)).execute();
    await db.schema.createIndex('donations_listed_diet_idx').on('donations').columns(['status', 'diet', 'expires_at']).execute();

    await db.schema.alterTable('food_requests').addColumn('diet', 'text', (c) => c.check(sql`diet in ${DIETS}`)).execute();
    await db.schema.createIndex('food_requests_open_diet_idx').on('food_requests').columns(['status', 'diet', 'created_at']).execute();

    await db.schema.alterTable('food_alerts').addColumn('diet_mask', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('food_alerts').addColumn('exclude_allergens', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
