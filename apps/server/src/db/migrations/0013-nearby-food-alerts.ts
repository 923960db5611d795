import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * Nearby-food alerts (issue 14, docs/decisions/023-nearby-food-alerts.md).
 *
 * - `food_alerts`: a receiver's saved circle, with its bounding box beside it. Matching a new
 *   donation reads `food_alerts_box_idx` over a band of latitude no taller than the largest box
 *   (min_lat between lat - span and lat), filtering the other three edges on the index entries, and
 *   checks the exact distance only for what is left. `last_notified_at` starts each alert's
 *   10-minute window.
 * - `users.food_alert_count`: how many alerts a person keeps, raised by one conditional update in
 *   the transaction that inserts, so a burst cannot pass the cap of 5 on either database.
 * - `food_alert_matches`: one row per (alert, donation) matched, so a matching job run twice
 *   tells nobody twice; matches held in a window (notified_at null) are what the digest folds.
 */
export const nearbyFoodAlerts: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('users')
      .addColumn('food_alert_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('food_alerts'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('radius_km', 'double precision', (c) => c.notNull())
      .addColumn('food_type', 'text')
      .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('min_lat', 'double precision', (c) => c.notNull())
      .addColumn('max_lat', 'double precision', (c) => c.notNull())
      .addColumn('min_lng', 'double precision', (c) => c.notNull())
      .addColumn('max_lng', 'double precision', (c) => c.notNull())
      .addColumn('last_notified_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create index food_alerts_box_idx on food_alerts (min_lat, max_lat, min_lng, max_lng)`.execute(db);
    await sql`create index food_alerts_user_idx on food_alerts (user_id, id)`.execute(db);

    await db.schema
      .createTable('food_alert_matches')
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('food_alerts.id').onDelete('cascade'))
      .addColumn('donation_id', 'integer', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('notified_at', 'text')
      .addPrimaryKeyConstraint('food_alert_matches_pk', ['alert_id', 'donation_id'])
      .execute();
    // The digest and the sweep read only the held matches.
    await sql`create index food_alert_matches_held_idx on food_alert_matches (alert_id) where notified_at is null`.execute(db);
    await sql`create index food_alert_matches_created_idx on food_alert_matches (created_at)`.execute(db);
    await sql`create index food_alert_matches_donation_idx on food_alert_matches (donation_id)`.execute(db);
  },
};
