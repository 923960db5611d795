import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * The job queue (issue 14): deliveries, reminders and sweeps are rows, written in the transaction
 * of the change that causes them and run by every instance's job runner. A row is claimed with a
 * lease (`locked_until`); a runner that dies leaves the lease to run out and the job runs again.
 * Finished jobs are deleted, jobs that gave up keep `failed_at` and their last error. A `key`
 * allows one unfinished job per key (a reminder per request, a recurring sweep).
 * On PostgreSQL each inserting statement notifies `annadaan_jobs`, so runners wake at once.
 *
 * `notification_deliveries` keeps what happened to each notification on each channel.
 */
export const jobs: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('jobs'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('key', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('failed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create index jobs_due_idx on jobs (run_at) where failed_at is null`.execute(db);
    await sql`create unique index jobs_key_idx on jobs (key) where key is not null and failed_at is null`.execute(db);

    await db.schema
      .createTable('notification_deliveries')
      .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_deliveries_pk', ['notification_id', 'channel'])
      .execute();

    if (dialect === 'postgres') {
      await sql`
        create function annadaan_notify_jobs() returns trigger language plpgsql as $$
        begin
          perform pg_notify('annadaan_jobs', '');
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger jobs_notify
        after insert on jobs
        for each statement execute function annadaan_notify_jobs()`.execute(db);
    }
  },
};
