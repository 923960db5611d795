import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';

/**
 * What several server instances over one PostgreSQL need (issue 13):
 * - uploaded pictures in the database, content-addressed: `file_contents` holds each distinct
 *   content once under its SHA-256, `stored_files` maps the public name to it. Created on both
 *   databases so the database store works (and is tested) on SQLite too.
 * - on PostgreSQL, every statement that writes donations adds a row to `donation_changes` (seen by
 *   others once committed: a kept browse listing older than the newest row is read again) and
 *   notifies `annadaan_donations_changed` on commit, so each instance drops its kept listings
 *   whoever made the change.
 */
export const sharedFilesAndCluster: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('file_contents')
      .addColumn('sha256', 'text', (c) => c.primaryKey())
      .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('stored_files')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('sha256', 'text', (c) => c.notNull().references('file_contents.sha256'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stored_files_sha256_idx').on('stored_files').column('sha256').execute();

    if (dialect === 'postgres') {
      await sql`create table donation_changes (id bigint generated always as identity primary key)`.execute(db);
      await sql`
        create function annadaan_notify_donations_changed() returns trigger language plpgsql as $$
        begin
          insert into donation_changes default values;
          perform pg_notify('annadaan_donations_changed', '');
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger donations_changed_notify
        after insert or update or delete or truncate on donations
        for each statement execute function annadaan_notify_donations_changed()`.execute(db);
    }
  },
};
