import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { type AppMigration, withId } from './migration-helpers';

const AUDIT_ACTIONS = ['DISMISS', 'HIDE', 'RESTORE', 'SUSPEND', 'VERIFY_ORGANISATION', 'REQUEST_ORGANISATION_INFO'];
const AUDIT_TARGETS = ['DONATION', 'FOOD_NEED', 'USER', 'ORGANISATION'];

/**
 * Organisations (issue 32, docs/decisions/052-organisations.md).
 *
 * - `organisations`: the record; it outlives its members. `status` is the admins' check of the
 *   identifiers (PENDING, VERIFIED, MORE_INFO_REQUESTED); the review queue reads
 *   organisations_status_idx.
 * - `organisation_members`: one row per person and organisation, with the role. The last
 *   coordinator rule locks the organisation row and counts here (organisation_members_role_idx),
 *   so two coordinators leaving at once are counted one after the other.
 * - `organisation_invites`: a link invitation keeps only the SHA-256 of its token (unique); a phone
 *   invitation keeps the canonical number, found by organisation_invites_phone_idx when its person
 *   looks (and users_contact_number_idx finds the accounts that have it). Both are single-use
 *   (`used_at`) and expire.
 * - `donations.organisation_id`, `donation_requests.organisation_id`: given or asked for as an
 *   organisation; null for a person alone. Each has an index for the organisation's lists and counts.
 * - `audit_log` takes two more actions and the ORGANISATION target (its checks are widened; on
 *   SQLite, which cannot change a check, the table is copied into a new one with its triggers).
 */
export const organisations: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('organisations'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('pin_code', 'text', (c) => c.notNull())
      .addColumn('fssai_number', 'text')
      .addColumn('darpan_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('verified_at', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('organisations_kind_check', sqlIn('kind', ['NGO', 'SHELTER', 'COMMUNITY_KITCHEN', 'RESTAURANT_OR_CATERER', 'OTHER']))
      .addCheckConstraint('organisations_status_check', sqlIn('status', ['PENDING', 'VERIFIED', 'MORE_INFO_REQUESTED']))
      .execute();
    // The admins' queue: one status, oldest change first.
    await sql`create index organisations_status_idx on organisations (status, updated_at, id)`.execute(db);

    await db.schema
      .createTable('organisation_members')
      .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('organisation_members_pk', ['organisation_id', 'user_id'])
      .addCheckConstraint('organisation_members_role_check', sqlIn('role', ['COORDINATOR', 'MEMBER']))
      .execute();
    // A person's organisations; an organisation's members by role, longest-standing first.
    await sql`create index organisation_members_user_idx on organisation_members (user_id, organisation_id)`.execute(db);
    await sql`create index organisation_members_role_idx on organisation_members (organisation_id, role, joined_at)`.execute(db);

    await withId(db.schema.createTable('organisation_invites'), dialect)
      .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.unique())
      .addColumn('phone', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('used_by', 'integer', (c) => c.references('users.id'))
      .addCheckConstraint('organisation_invites_role_check', sqlIn('role', ['COORDINATOR', 'MEMBER']))
      .addCheckConstraint('organisation_invites_one_way_check', sql`(token_hash is null) <> (phone is null)`)
      .execute();
    await sql`create index organisation_invites_org_idx on organisation_invites (organisation_id, used_at, created_at)`.execute(db);
    await sql`create index organisation_invites_phone_idx on organisation_invites (phone, used_at, expires_at)`.execute(db);
    // A phone invitation finds the accounts that have the number.
    await sql`create index users_contact_number_idx on users (contact_number)`.execute(db);

    await db.schema
      .alterTable('donations')
      .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id'))
      .execute();
    await sql`create index donations_organisation_idx on donations (organisation_id, created_at)`.execute(db);
    await db.schema
      .alterTable('donation_requests')
      .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id'))
      .execute();
    await sql`create index donation_requests_organisation_idx on donation_requests (organisation_id, created_at)`.execute(db);

    await widenAuditLog(db, dialect);
  },
};

async function widenAuditLog(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`alter table audit_log drop constraint audit_log_action_check`.execute(db);
    await sql`alter table audit_log drop constraint audit_log_target_type_check`.execute(db);
    await sql`alter table audit_log add constraint audit_log_action_check check (${sqlIn('action', AUDIT_ACTIONS)})`.execute(db);
    await sql`alter table audit_log add constraint audit_log_target_type_check check (${sqlIn('target_type', AUDIT_TARGETS)})`.execute(db);
    return;
  }
  // SQLite: DROP TABLE drops the triggers before it empties the table, so they do not fire.
  await sql`drop trigger audit_log_no_update`.execute(db);
  await sql`drop trigger audit_log_no_delete`.execute(db);
  await withId(db.schema.createTable('audit_log_widened'), dialect)
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('suspended_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('audit_log_action_check', sqlIn('action', AUDIT_ACTIONS))
    .addCheckConstraint('audit_log_target_type_check', sqlIn('target_type', AUDIT_TARGETS))
    .execute();
  await sql`insert into audit_log_widened (id, admin_id, action, target_type, target_id, reason, suspended_until, created_at)
    select id, admin_id, action, target_type, target_id, reason, suspended_until, created_at from audit_log`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`alter table audit_log_widened rename to audit_log`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target_type, target_id, id)`.execute(db);
  await sql`create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'The audit log cannot be changed or deleted.'); end`.execute(db);
  await sql`create trigger audit_log_no_delete before delete on audit_log
    begin select raise(abort, 'The audit log cannot be changed or deleted.'); end`.execute(db);
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
