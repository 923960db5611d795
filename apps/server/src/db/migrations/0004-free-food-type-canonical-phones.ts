import { type Kysely, sql } from 'kysely';
import type { AppMigration } from './migration-helpers';
import { withId } from './migration-helpers';

/**
 * Two changes the earlier client needs (issue 11):
 *
 * - A food need's `food_type` is free text ("Rice and dal", at most 80 characters) instead of
 *   PRECOOKED or RAW. PostgreSQL drops the old check; SQLite cannot drop a check constraint, so the
 *   table is rebuilt the way SQLite documents (new table, copy, drop, rename, indexes again).
 * - Phone numbers are stored one way, `+91` and the 10 digits. Rows written before the API
 *   normalised them everywhere (the demo data had "+91 98200 11234") are rewritten; a value that
 *   is not an Indian mobile number is left as it is rather than guessed at.
 */
export const freeFoodTypeCanonicalPhones: AppMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`alter table food_requests drop constraint food_requests_food_type_check`.execute(db);
      await sql`alter table food_requests add constraint food_requests_food_type_check check (length(food_type) between 1 and 80)`.execute(db);
    } else {
      await rebuildSqliteFoodRequests(db);
    }

    await normalisePhones(db, 'users', 'contact_number');
    await normalisePhones(db, 'users', 'alternate_contact');
    await normalisePhones(db, 'food_requests', 'contact_number');
  },
};

/** The rule of `normalizeIndianMobile` (packages/contract), copied so this migration never changes meaning. */
function canonicalMobile(input: string): string | null {
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(input.replace(/[\s\-.()]/g, ''));
  return match ? `+91${match[1]}` : null;
}

async function normalisePhones(db: Kysely<unknown>, table: 'users' | 'food_requests', column: 'contact_number' | 'alternate_contact') {
  const rows = await sql<{ id: number; phone: string }>`select id, ${sql.ref(column)} as phone from ${sql.table(table)}`.execute(db);
  for (const row of rows.rows) {
    const canonical = canonicalMobile(row.phone);
    if (canonical !== null && canonical !== row.phone) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${canonical} where id = ${row.id}`.execute(db);
    }
  }
}

async function rebuildSqliteFoodRequests(db: Kysely<unknown>) {
  // Kysely runs SQLite migrations outside a transaction; the rebuild must not stop half-way.
  await db.transaction().execute(async (trx) => {
    await withId(trx.schema.createTable('food_requests_new'), 'sqlite')
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
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('food_requests_status_check', sql`status in ('OPEN', 'FULFILLED', 'CANCELLED')`)
      .addCheckConstraint('food_requests_food_type_check', sql`length(food_type) between 1 and 80`)
      .addCheckConstraint('food_requests_payment_check', sql`payment_method in ('CASH', 'UPI', 'CARD', 'NOT_APPLICABLE')`)
      .addCheckConstraint('food_requests_people_check', sql`number_of_people between 1 and 1000`)
      .addCheckConstraint('food_requests_price_check', sql`offer_price_paise >= 0`)
      .addCheckConstraint('food_requests_expiry_check', sql`request_expiry_time > requested_time`)
      .execute();
    const columns = sql.raw(
      'id, requester_id, full_name, contact_number, email, location, pin_code, latitude, longitude, requested_time, request_expiry_time, ' +
        'food_type, alternative_food, number_of_people, message, offer_price_paise, food_description, payment_method, status, created_at, updated_at',
    );
    await sql`insert into food_requests_new (${columns}) select ${columns} from food_requests`.execute(trx);
    await trx.schema.dropTable('food_requests').execute();
    await trx.schema.alterTable('food_requests_new').renameTo('food_requests').execute();
    await trx.schema.createIndex('food_requests_open_idx').on('food_requests').columns(['status', 'created_at']).execute();
    await trx.schema.createIndex('food_requests_pin_code_idx').on('food_requests').columns(['pin_code', 'status', 'created_at']).execute();
    await trx.schema.createIndex('food_requests_requester_idx').on('food_requests').columns(['requester_id', 'created_at']).execute();
  });
}
