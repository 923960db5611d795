import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';

/**
 * The account belongs to its owner (issue 16; docs/decisions/030-account-export-and-erasure.md).
 * - `users.terms_version` and `users.terms_accepted_at`: which terms the person accepted at
 *   sign-up and when; null for accounts made before versions were recorded.
 * - `users.deleted_at`: set when the person deleted the account. The row stays, emptied of
 *   personal data and named "Deleted user", so ratings and completed handovers keep pointing at
 *   someone and the statistics stay true.
 */
export const accountOwnership: AppMigration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('terms_version', 'text').execute();
    await db.schema.alterTable('users').addColumn('terms_accepted_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
    await sql`create index contact_messages_user_idx on contact_messages (user_id, created_at)`.execute(db);
    await sql`create index contact_messages_email_idx on contact_messages (lower(email))`.execute(db);
  },
};
