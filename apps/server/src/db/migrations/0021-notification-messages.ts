import type { AppMigration } from './migration-helpers';

/**
 * What a notification says, as a message key and its parameters (issue 17; decision 033), so it is
 * worded in the reader's language when read, pushed or emailed, and again in a new language after
 * a switch. JSON text: `{ "title": { "key": ..., "params": {...} }, "body": { ... } }`. Rows from
 * before have none and keep their stored English `title` and `body`, which new rows still fill in
 * English (the fallback for a key a catalog no longer knows).
 */
export const notificationMessages: AppMigration = {
  async up(db) {
    await db.schema.alterTable('notifications').addColumn('message', 'text').execute();
  },
};
