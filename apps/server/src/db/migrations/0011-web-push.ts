import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * Web Push (issue 14). `push_vapid_keys` holds the server's one VAPID key pair (id 1), made on
 * first start: every instance inserts its own candidate if none is there and then reads the one
 * that won, so instances starting together agree. `push_subscriptions` holds each browser's
 * subscription; an endpoint belongs to one person at a time (unique), and a person's are read
 * newest first through (user_id, id).
 */
export const webPush: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('push_vapid_keys')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('push_vapid_keys_one_row', sql`id = 1`)
      .execute();

    await withId(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create index push_subscriptions_user_id_idx on push_subscriptions (user_id, id)`.execute(db);
  },
};
