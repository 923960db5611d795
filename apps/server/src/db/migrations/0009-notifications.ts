import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * In-app notifications (issue 14, first slice). A row is written in the same transaction as the
 * state change that causes it, so it is the outbox of the in-app channel: nothing is lost when the
 * process dies after the commit, nothing is told for a change that rolled back. Listing reads
 * (user_id, id) backwards; the bell counts through a partial index holding only unread rows.
 * On PostgreSQL each committed row notifies `annadaan_notifications` with "user_id:id", so a live
 * stream held by any instance hears of it.
 */
export const notifications: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('notifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .execute();
    await sql`create index notifications_user_id_idx on notifications (user_id, id desc)`.execute(db);
    await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);

    if (dialect === 'postgres') {
      await sql`
        create function annadaan_notify_notification() returns trigger language plpgsql as $$
        begin
          perform pg_notify('annadaan_notifications', new.user_id::text || ':' || new.id::text);
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger notifications_notify
        after insert on notifications
        for each row execute function annadaan_notify_notification()`.execute(db);
    }
  },
};
