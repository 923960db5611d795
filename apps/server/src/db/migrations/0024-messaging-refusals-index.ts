import type { AppMigration } from './migration-helpers';

/**
 * The admins' list of messages a provider refused for good (issue 31, decision 049) reads
 * `messaging_sends` by status, newest first, one page at a time: an index on (status, id) keeps
 * that read and its count from walking every message ever sent.
 */
export const messagingRefusalsIndex: AppMigration = {
  async up(db) {
    await db.schema.createIndex('messaging_sends_status_idx').on('messaging_sends').columns(['status', 'id']).execute();
  },
};
