import { type Kysely, sql } from 'kysely';
import type { AppMigration } from './migration-helpers';
import { withId } from './migration-helpers';

const STATUSES = sql`status in ('PENDING', 'AWAITING_PICKUP', 'COMPLETED', 'REJECTED', 'CANCELLED', 'NO_SHOW')`;
const CANCELLED_BY = sql`cancelled_by is null or cancelled_by in ('RECEIVER', 'DONOR')`;

/**
 * No-shows and reliability (issue 16; docs/decisions/029-no-shows-and-reliability.md).
 *
 * - A request may be NO_SHOW: accepted, and the food expired before pickup. `missed_at` is that
 *   moment (the donation's expiry), so "three in 30 days" is a range read of one index.
 * - `cancelled_by` says who ended an accepted request (RECEIVER or DONOR); null for everything
 *   else. Rows written before this migration are not guessed at: an old cancellation stays null
 *   and counts in neither party's figure.
 * - One index (receiver, status, cancelled_by, missed_at) answers the receiver's figures from the
 *   index alone and the no-show window as a range.
 *
 * PostgreSQL swaps the status check; SQLite cannot, so the table is rebuilt the way SQLite
 * documents, with foreign keys off meanwhile (ratings refer to these rows; dropping the old table
 * with them on would cascade into ratings).
 */
export const noShows: AppMigration = {
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`alter table donation_requests drop constraint donation_requests_status_check`.execute(db);
      await sql`alter table donation_requests add constraint donation_requests_status_check check (${STATUSES})`.execute(db);
      await db.schema.alterTable('donation_requests').addColumn('cancelled_by', 'text').execute();
      await db.schema.alterTable('donation_requests').addColumn('missed_at', 'text').execute();
      await sql`alter table donation_requests add constraint donation_requests_cancelled_by_check check (${CANCELLED_BY})`.execute(db);
    } else {
      await rebuildSqliteRequests(db);
    }
    await db.schema
      .createIndex('donation_requests_outcome_idx')
      .on('donation_requests')
      .columns(['receiver_id', 'status', 'cancelled_by', 'missed_at'])
      .execute();
  },
};

async function rebuildSqliteRequests(db: Kysely<unknown>) {
  // PRAGMA foreign_keys is a no-op inside a transaction; Kysely runs SQLite migrations outside one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await withId(trx.schema.createTable('donation_requests_new'), 'sqlite')
        .addColumn('donation_id', 'integer', (c) => c.notNull().references('donations.id').onDelete('cascade'))
        .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('pickup_code', 'text')
        .addColumn('codes_issued', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('cancelled_by', 'text')
        .addColumn('missed_at', 'text')
        .addCheckConstraint('donation_requests_status_check', STATUSES)
        .addCheckConstraint('donation_requests_payment_check', sql`payment_method in ('CASH', 'UPI', 'CARD', 'NOT_APPLICABLE')`)
        .addCheckConstraint('donation_requests_cancelled_by_check', CANCELLED_BY)
        .execute();
      const columns = sql.raw(
        'id, donation_id, receiver_id, status, payment_method, pickup_code, codes_issued, failed_attempts, created_at, updated_at, accepted_at, completed_at',
      );
      await sql`insert into donation_requests_new (${columns}) select ${columns} from donation_requests`.execute(trx);
      await trx.schema.dropTable('donation_requests').execute();
      await trx.schema.alterTable('donation_requests_new').renameTo('donation_requests').execute();
      await trx.schema
        .createIndex('donation_requests_one_awaiting_idx')
        .unique()
        .on('donation_requests')
        .column('donation_id')
        .where(sql<boolean>`status = 'AWAITING_PICKUP'`)
        .execute();
      await trx.schema
        .createIndex('donation_requests_one_open_idx')
        .unique()
        .on('donation_requests')
        .columns(['donation_id', 'receiver_id'])
        .where(sql<boolean>`status in ('PENDING', 'AWAITING_PICKUP')`)
        .execute();
      await trx.schema.createIndex('donation_requests_donation_idx').on('donation_requests').columns(['donation_id', 'status']).execute();
      await trx.schema.createIndex('donation_requests_receiver_idx').on('donation_requests').columns(['receiver_id', 'created_at']).execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('0018: the rebuilt donation_requests breaks a foreign key.');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
