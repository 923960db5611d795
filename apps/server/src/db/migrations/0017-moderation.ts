import { sql } from 'kysely';
import { type AppMigration, withId } from './migration-helpers';

/**
 * Reports, moderation and blocks (issue 16, docs/decisions/028-reports-moderation-blocks.md).
 *
 * - `reports`: one row per report. At most one OPEN report per reporter and target, held by a
 *   partial unique index, so two reports sent at once cannot both pass a read-then-write.
 * - `audit_log`: one row per admin action, written in the action's transaction. Triggers on both
 *   databases refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL): no route edits it, and a
 *   mistaken query cannot either.
 * - `user_blocks`: who blocked whom. Lists filter with NOT EXISTS on its primary key in both
 *   directions; the second index answers "does anyone block this person" cheaply.
 * - `users.suspended_until`: until when an admin suspended the account ('9999-…' for good).
 * - `donations.hidden_status`, `food_requests.hidden_status`: the status a listing had when an
 *   admin hid it; null while it is not hidden. Hiding moves an open listing to CANCELLED, which
 *   every list already leaves out, and restoring goes back to what it was.
 */
export const moderation: AppMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();
    await db.schema.alterTable('donations').addColumn('hidden_status', 'text').execute();
    await db.schema.alterTable('food_requests').addColumn('hidden_status', 'text').execute();

    await withId(db.schema.createTable('reports'), dialect)
      .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .addCheckConstraint('reports_target_type_check', sqlIn('target_type', ['DONATION', 'FOOD_NEED', 'USER']))
      .addCheckConstraint('reports_reason_check', sqlIn('reason', ['SPOILED_OR_UNSAFE', 'WRONG_INFORMATION', 'ABUSIVE', 'SPAM', 'OTHER']))
      .addCheckConstraint('reports_status_check', sqlIn('status', ['OPEN', 'DISMISSED', 'ACTIONED']))
      .execute();
    await sql`create unique index reports_one_open_idx on reports (reporter_id, target_type, target_id) where status = 'OPEN'`.execute(db);
    // The queue groups open reports by target, newest first; a target's history reads its own.
    await sql`create index reports_open_target_idx on reports (status, target_type, target_id, created_at)`.execute(db);
    await sql`create index reports_target_idx on reports (target_type, target_id, created_at)`.execute(db);

    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('admin_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('suspended_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('audit_log_action_check', sqlIn('action', ['DISMISS', 'HIDE', 'RESTORE', 'SUSPEND']))
      .addCheckConstraint('audit_log_target_type_check', sqlIn('target_type', ['DONATION', 'FOOD_NEED', 'USER']))
      .execute();
    await sql`create index audit_log_target_idx on audit_log (target_type, target_id, id)`.execute(db);
    if (dialect === 'postgres') {
      await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
        begin
          raise exception 'The audit log cannot be changed or deleted.';
        end
        $$`.execute(db);
      await sql`create trigger audit_log_no_change before update or delete or truncate on audit_log
        for each statement execute function audit_log_refuse_change()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'The audit log cannot be changed or deleted.'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'The audit log cannot be changed or deleted.'); end`.execute(db);
    }

    await db.schema
      .createTable('user_blocks')
      .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
      .addCheckConstraint('user_blocks_not_self_check', sql`blocker_id <> blocked_id`)
      .execute();
    await sql`create index user_blocks_blocked_idx on user_blocks (blocked_id, blocker_id)`.execute(db);
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
