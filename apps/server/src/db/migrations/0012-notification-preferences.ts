import type { AppMigration } from './migration-helpers';

/**
 * Notification preferences, quiet hours and the unsubscribe secret (issue 14; decision 022).
 * - `notification_preferences`: one row per person, kind and channel that the person has set;
 *   a missing row means the default in the contract (so a kind added later gets its default).
 * - `notification_settings`: one row per person who changed their quiet hours.
 * - `app_secrets`: server-wide secrets made on first use and shared by every instance (the key
 *   that signs unsubscribe links), so no instance needs it in its environment.
 */
export const notificationPreferences: AppMigration = {
  async up(db) {
    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
      .execute();

    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('quiet_hours_enabled', 'integer', (c) => c.notNull())
      .addColumn('quiet_start', 'text', (c) => c.notNull())
      .addColumn('quiet_end', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
