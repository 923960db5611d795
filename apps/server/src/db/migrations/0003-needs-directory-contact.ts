import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';
import { withId } from './migration-helpers';

/**
 * Need-based food requests, the directory opt-in and Contact & Help messages. The opt-in is a new
 * column on users rather than an edit of 0001, because 0001 has already run on existing databases.
 */
export const needsDirectoryContact: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('food_requests'), dialect)
      .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('contact_number', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('pin_code', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('requested_time', 'text', (c) => c.notNull())
      .addColumn('request_expiry_time', 'text', (c) => c.notNull())
      .addColumn('food_type', 'text', (c) => c.notNull())
      .addColumn('alternative_food', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('number_of_people', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('offer_price_paise', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('food_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('payment_method', 'text', (c) => c.notNull())
      // OPEN, FULFILLED or CANCELLED as written; EXPIRED is never stored, reads decide it from the clock.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('food_requests_status_check', sqlIn('status', ['OPEN', 'FULFILLED', 'CANCELLED']))
      .addCheckConstraint('food_requests_food_type_check', sqlIn('food_type', ['PRECOOKED', 'RAW']))
      .addCheckConstraint('food_requests_payment_check', sqlIn('payment_method', ['CASH', 'UPI', 'CARD', 'NOT_APPLICABLE']))
      .addCheckConstraint('food_requests_people_check', sql`number_of_people between 1 and 1000`)
      .addCheckConstraint('food_requests_price_check', sql`offer_price_paise >= 0`)
      .addCheckConstraint('food_requests_expiry_check', sql`request_expiry_time > requested_time`)
      .execute();
    // Open needs, newest first: walk (status, created_at) backwards and stop at LIMIT.
    await db.schema.createIndex('food_requests_open_idx').on('food_requests').columns(['status', 'created_at']).execute();
    // An exact pin code is the most selective filter of the open list.
    await db.schema.createIndex('food_requests_pin_code_idx').on('food_requests').columns(['pin_code', 'status', 'created_at']).execute();
    // My food requests, newest first, and the monthly series per requester.
    await db.schema.createIndex('food_requests_requester_idx').on('food_requests').columns(['requester_id', 'created_at']).execute();

    await db.schema
      .alterTable('users')
      .addColumn('show_contact_in_directory', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The directory filters on these two for every viewer.
    await db.schema.createIndex('users_directory_idx').on('users').columns(['profile_active', 'role']).execute();

    await withId(db.schema.createTable('contact_messages'), dialect)
      // Null for anonymous senders; kept when the account goes so the message still reads.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').column('created_at').execute();
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
