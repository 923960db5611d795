import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * Portions, the waitlist and fair shares (issue 33; docs/decisions/053-portions-and-waitlist.md).
 *
 * - `donations.portions_*`: a donation shared out in portions: how many, in what unit, the most one
 *   request may ask for, whether requests are accepted by themselves, and `portions_taken`, the
 *   portions held by accepted requests, collected, or held by an open waitlist offer. Taking is one
 *   conditional `update … where portions_taken + n <= portions_total`, so no more are ever taken
 *   than exist, whichever instance writes. All null (taken 0) for one receiver's food, as before.
 * - `donations.organisations_only_until`: until then only verified organisations may ask.
 * - `donation_requests.portions_*`: asked, accepted (maybe fewer), collected (maybe fewer), and
 *   `collect_by`, after which an accepted request's portions go to the next in line. The rule of one
 *   accepted request per donation now holds for donations without portions only.
 * - `donation_waitlist`: people waiting for portions of a donation with nothing left, in line by id;
 *   an OFFERED row holds the portions offered to it until `offer_expires_at`.
 */
export const portionsAndWaitlist: AppMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('donations').addColumn('portions_total', 'integer').execute();
    await db.schema.alterTable('donations').addColumn('portions_unit', 'text').execute();
    await db.schema.alterTable('donations').addColumn('portions_max_per_request', 'integer').execute();
    await db.schema
      .alterTable('donations')
      .addColumn('portions_auto_accept', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('donations')
      .addColumn('portions_taken', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('donations').addColumn('organisations_only_until', 'text').execute();

    await db.schema.alterTable('donation_requests').addColumn('portions_asked', 'integer').execute();
    await db.schema.alterTable('donation_requests').addColumn('portions_accepted', 'integer').execute();
    await db.schema.alterTable('donation_requests').addColumn('portions_collected', 'integer').execute();
    await db.schema.alterTable('donation_requests').addColumn('collect_by', 'text').execute();

    // One accepted request per donation stays the rule for one receiver's food; portions have many.
    await sql`drop index donation_requests_one_awaiting_idx`.execute(db);
    await db.schema
      .createIndex('donation_requests_one_awaiting_idx')
      .unique()
      .on('donation_requests')
      .column('donation_id')
      .where(sql<boolean>`status = 'AWAITING_PICKUP' and portions_asked is null`)
      .execute();

    await withId(db.schema.createTable('donation_waitlist'), dialect)
      .addColumn('donation_id', 'integer', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
      .addColumn('portions', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('offered_portions', 'integer')
      .addColumn('offer_expires_at', 'text')
      .addColumn('request_id', 'integer', (c) => c.references('donation_requests.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('donation_waitlist_status_check', sql`status in ('WAITING', 'OFFERED', 'TAKEN', 'PASSED', 'LAPSED', 'LEFT', 'ENDED')`)
      .addCheckConstraint('donation_waitlist_portions_check', sql`portions >= 1`)
      .addCheckConstraint('donation_waitlist_offer_check', sql`status <> 'OFFERED' or (offered_portions >= 1 and offer_expires_at is not null)`)
      .execute();
    // One place in line per person and donation while it is open.
    await db.schema
      .createIndex('donation_waitlist_one_open_idx')
      .unique()
      .on('donation_waitlist')
      .columns(['donation_id', 'user_id'])
      .where(sql<boolean>`status in ('WAITING', 'OFFERED')`)
      .execute();
    // The first in line (donation, status, id) and a person's places (user, id).
    await db.schema.createIndex('donation_waitlist_line_idx').on('donation_waitlist').columns(['donation_id', 'status', 'id']).execute();
    await db.schema.createIndex('donation_waitlist_user_idx').on('donation_waitlist').columns(['user_id', 'id']).execute();
  },
};
