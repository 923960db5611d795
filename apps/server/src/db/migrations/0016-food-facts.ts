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
 * - `donations_browse_food_ending_idx (status, expires_at, id, diet, allergens)` replaces
 *   `donations_browse_ending_idx (status, expires_at)`: Browse still walks listed rows in its
 *   (expiry, id) order (the id is spelled out, since the old index had it implicitly last), and decides the diet and allergen filters on the index entries, reading the table only
 *   for rows that pass; the capped count reads the index alone.
 * - `food_requests.diet`: the needs list keeps walking food_requests_open_idx newest first and
 *   checks the diet on the rows it reads; open needs are few (people post them, one at a time).
 * - `food_alerts.diet_mask` (bits in Diet order, 0 = any diet) and `exclude_allergens` (bitmask,
 *   0 = none), compared with the new donation's values when alerts are matched.
 */
export const foodFacts: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('donations')
      .addColumn('diet', 'text', (c) => c.check(sql`diet in ${DIETS}`))
      .execute();
    await db.schema
      .alterTable('donations')
      .addColumn('jain', 'integer', (c) => c.check(sql`jain in (0, 1)`))
      .execute();
    await db.schema
      .alterTable('donations')
      .addColumn('allergens', 'integer', (c) => c.check(sql`allergens between 0 and 511`))
      .execute();
    await db.schema.alterTable('donations').addColumn('prepared_at', 'text').execute();
    await db.schema
      .alterTable('donations')
      .addColumn('safety_checks', 'integer', (c) => c.check(sql`safety_checks between 0 and 7`))
      .execute();
    await db.schema.createIndex('donations_browse_food_ending_idx').on('donations').columns(['status', 'expires_at', 'id', 'diet', 'allergens']).execute();
    // Superseded: its columns lead the index above, which serves every query it served.
    await db.schema.dropIndex('donations_browse_ending_idx').execute();

    await db.schema
      .alterTable('food_requests')
      .addColumn('diet', 'text', (c) => c.check(sql`diet in ${DIETS}`))
      .execute();

    await db.schema
      .alterTable('food_alerts')
      .addColumn('diet_mask', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('food_alerts')
      .addColumn('exclude_allergens', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
