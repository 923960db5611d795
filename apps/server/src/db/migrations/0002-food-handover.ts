import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';
import { withId } from './migration-helpers';

/**
 * Donations, requests on them and ratings. Prices are whole paise (integers: no float rounding,
 * and sums stay exact); the API speaks rupees. Statuses are checked in the database too, so a bug
 * cannot write a state the rules do not know.
 */
export const foodHandover: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('donations'), dialect)
      .addColumn('donor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('food_name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('quantity', 'text', (c) => c.notNull())
      .addColumn('expiry_date_time', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('free', 'integer', (c) => c.notNull())
      .addColumn('price_paise', 'integer', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('pin_code', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('delivery_type', 'text', (c) => c.notNull())
      .addColumn('food_type', 'text', (c) => c.notNull())
      .addColumn('refrigeration_available', 'integer', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('donations_status_check', sqlIn('status', ['AVAILABLE', 'PENDING', 'COMPLETED', 'EXPIRED', 'CANCELLED']))
      .addCheckConstraint('donations_food_type_check', sqlIn('food_type', ['PRECOOKED', 'RAW']))
      .addCheckConstraint('donations_delivery_type_check', sqlIn('delivery_type', ['SELF_PICKUP', 'DELIVERY_PARTNER', 'ANY']))
      .addCheckConstraint('donations_price_check', sql`(free = 1 and price_paise = 0) or (free = 0 and price_paise > 0)`)
      .execute();

    // Browse: always `status = 'AVAILABLE' and expires_at > now`, then one of three orders. Each
    // index below lets the planner walk the rows in the wanted order and stop at LIMIT.
    await db.schema.createIndex('donations_browse_ending_idx').on('donations').columns(['status', 'expires_at']).execute();
    await db.schema.createIndex('donations_browse_created_idx').on('donations').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('donations_browse_type_ending_idx').on('donations').columns(['status', 'food_type', 'expires_at']).execute();
    await db.schema.createIndex('donations_browse_type_created_idx').on('donations').columns(['status', 'food_type', 'created_at']).execute();
    // An exact pin code is the most selective filter there is.
    await db.schema.createIndex('donations_pin_code_idx').on('donations').columns(['pin_code', 'status', 'expires_at']).execute();
    // My donations, newest first.
    await db.schema.createIndex('donations_donor_idx').on('donations').columns(['donor_id', 'created_at']).execute();

    await withId(db.schema.createTable('donation_requests'), dialect)
      .addColumn('donation_id', 'integer', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      // Stored readable because the receiver must read it back; never sent to the donor, never logged.
      .addColumn('pickup_code', 'text')
      .addColumn('codes_issued', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('completed_at', 'text')
      .addCheckConstraint('donation_requests_status_check', sqlIn('status', ['PENDING', 'AWAITING_PICKUP', 'COMPLETED', 'REJECTED', 'CANCELLED']))
      .addCheckConstraint('donation_requests_payment_check', sqlIn('payment_method', ['CASH', 'UPI', 'CARD', 'NOT_APPLICABLE']))
      .execute();
    // The rules "one accepted request per donation" and "one open request per receiver and
    // donation" hold even if two transactions race past the application's checks.
    await db.schema
      .createIndex('donation_requests_one_awaiting_idx')
      .unique()
      .on('donation_requests')
      .column('donation_id')
      .where(sql<boolean>`status = 'AWAITING_PICKUP'`)
      .execute();
    await db.schema
      .createIndex('donation_requests_one_open_idx')
      .unique()
      .on('donation_requests')
      .columns(['donation_id', 'receiver_id'])
      .where(sql<boolean>`status in ('PENDING', 'AWAITING_PICKUP')`)
      .execute();
    await db.schema.createIndex('donation_requests_donation_idx').on('donation_requests').columns(['donation_id', 'status']).execute();
    await db.schema.createIndex('donation_requests_receiver_idx').on('donation_requests').columns(['receiver_id', 'created_at']).execute();

    await withId(db.schema.createTable('ratings'), dialect)
      .addColumn('donation_request_id', 'integer', (c) => c.notNull().references('donation_requests.id').onDelete('cascade'))
      .addColumn('rater_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ratee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('ratings_one_per_rater', ['donation_request_id', 'rater_id'])
      .addCheckConstraint('ratings_rating_check', sql`rating between 1 and 5`)
      .execute();
    await db.schema.createIndex('ratings_rater_idx').on('ratings').columns(['rater_id', 'created_at']).execute();
    await db.schema.createIndex('ratings_ratee_idx').on('ratings').columns(['ratee_id', 'created_at']).execute();
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
