import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

const sqlIn = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * Volunteers and delivery runs (issue 32; docs/decisions/051-volunteers-and-runs.md).
 *
 * - `volunteers`: one row per person who applied to carry food: the food-safety walkthrough and
 *   the terms (with their version) they completed, the area they cover (a point they chose and a
 *   radius), how they travel, and where an admin's decision left them (APPLIED, APPROVED,
 *   REJECTED, SUSPENDED). The point is private to them: runs are matched to it, nobody sees it.
 * - `donation_requests.delivery_choice`: COLLECT or DELIVER (null on requests of the earlier
 *   client and on food that is self-pickup only, read as COLLECT), with the drop-off the receiver
 *   gave when they asked for delivery.
 * - `delivery_runs`: one per accepted "Please deliver" request. Before a volunteer claims it the
 *   world sees only its areas, its grid-cell points and the distance; the exact addresses stay on
 *   the donation and the request. The volunteer's handover code is what the donor enters at the
 *   pickup. A run is OPEN, CLAIMED, PICKED_UP, then DELIVERED or DISPOSED, or CANCELLED when the
 *   handover happened another way or ended.
 * - `run_events`: the chain of custody, append-only: who held the food, from when, how it was kept.
 * - `run_ratings`: donor and receiver rate the volunteer, the volunteer rates both.
 */
export const volunteersAndRuns: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('volunteers')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('walkthrough_version', 'text', (c) => c.notNull())
      .addColumn('walkthrough_completed_at', 'text', (c) => c.notNull())
      .addColumn('terms_version', 'text', (c) => c.notNull())
      .addColumn('terms_accepted_at', 'text', (c) => c.notNull())
      .addColumn('area_label', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('radius_km', 'integer', (c) => c.notNull())
      .addColumn('travel_mode', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_at', 'text')
      .addColumn('decision_note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('volunteers_status_check', sqlIn('status', ['APPLIED', 'APPROVED', 'REJECTED', 'SUSPENDED']))
      .addCheckConstraint('volunteers_travel_check', sqlIn('travel_mode', ['ON_FOOT', 'CYCLE', 'TWO_WHEELER', 'CAR']))
      .addCheckConstraint('volunteers_radius_check', sql`radius_km between 1 and 50`)
      .execute();
    // The admin's queue (status, oldest first) and "who covers this pickup" (approved, by latitude band).
    await db.schema.createIndex('volunteers_status_idx').on('volunteers').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('volunteers_area_idx').on('volunteers').columns(['status', 'latitude', 'longitude']).execute();

    // Every decision on a volunteer, kept (the row above holds only the latest): an admin's, or a
    // coordinator's of a verified organisation the person belongs to (`organisation_id`).
    await withId(db.schema.createTable('volunteer_decisions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('volunteer_decisions_user_idx').on('volunteer_decisions').columns(['user_id', 'id']).execute();

    await db.schema.alterTable('donation_requests').addColumn('delivery_choice', 'text').execute();
    await db.schema.alterTable('donation_requests').addColumn('dropoff_address', 'text').execute();
    await db.schema.alterTable('donation_requests').addColumn('dropoff_latitude', 'double precision').execute();
    await db.schema.alterTable('donation_requests').addColumn('dropoff_longitude', 'double precision').execute();

    await withId(db.schema.createTable('delivery_runs'), dialect)
      .addColumn('request_id', 'integer', (c) => c.notNull().unique().references('donation_requests.id').onDelete('cascade'))
      .addColumn('donation_id', 'integer', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('volunteer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('pickup_area', 'text', (c) => c.notNull())
      .addColumn('dropoff_area', 'text', (c) => c.notNull())
      .addColumn('pickup_cell_lat', 'double precision', (c) => c.notNull())
      .addColumn('pickup_cell_lng', 'double precision', (c) => c.notNull())
      .addColumn('dropoff_cell_lat', 'double precision', (c) => c.notNull())
      .addColumn('dropoff_cell_lng', 'double precision', (c) => c.notNull())
      .addColumn('distance_km', 'double precision', (c) => c.notNull())
      .addColumn('window_ends_at', 'text', (c) => c.notNull())
      .addColumn('handover_code', 'text')
      .addColumn('handover_failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_at', 'text')
      .addColumn('pickup_due_at', 'text')
      .addColumn('picked_up_at', 'text')
      .addColumn('kept', 'text')
      .addColumn('temperature_c', 'double precision')
      .addColumn('delivered_at', 'text')
      .addColumn('disposal_reason', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('fallback_told_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('delivery_runs_status_check', sqlIn('status', ['OPEN', 'CLAIMED', 'PICKED_UP', 'DELIVERED', 'DISPOSED', 'CANCELLED']))
      .addCheckConstraint('delivery_runs_kept_check', sql`kept is null or kept in ('HOT', 'COLD', 'AMBIENT')`)
      .addCheckConstraint(
        'delivery_runs_claim_check',
        sql`(status = 'OPEN' and volunteer_id is null) or (status in ('CLAIMED', 'PICKED_UP') and volunteer_id is not null) or status in ('DELIVERED', 'DISPOSED', 'CANCELLED')`,
      )
      .execute();
    // Runs near a volunteer: open ones by pickup cell latitude band (a range), unexpired.
    await db.schema.createIndex('delivery_runs_open_idx').on('delivery_runs').columns(['status', 'pickup_cell_lat', 'pickup_cell_lng']).execute();
    // A volunteer's claimed runs and history, newest first.
    await db.schema.createIndex('delivery_runs_volunteer_idx').on('delivery_runs').columns(['volunteer_id', 'updated_at']).execute();
    await db.schema.createIndex('delivery_runs_donation_idx').on('delivery_runs').column('donation_id').execute();

    await withId(db.schema.createTable('run_events'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('delivery_runs.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('volunteer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('detail', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('run_events_run_idx').on('run_events').columns(['run_id', 'id']).execute();
    // A volunteer's no-shows in a window (the reliability record).
    await db.schema.createIndex('run_events_volunteer_idx').on('run_events').columns(['volunteer_id', 'kind', 'at']).execute();

    await withId(db.schema.createTable('run_ratings'), dialect)
      .addColumn('run_id', 'integer', (c) => c.notNull().references('delivery_runs.id').onDelete('cascade'))
      .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ratee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('run_ratings_once', ['run_id', 'rater_id', 'ratee_id'])
      .addCheckConstraint('run_ratings_rating_check', sql`rating between 1 and 5`)
      .execute();
    await db.schema.createIndex('run_ratings_ratee_idx').on('run_ratings').column('ratee_id').execute();
  },
};
