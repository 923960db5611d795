import { sql } from 'kysely';
import type { AppMigration } from './migration-helpers';
import { withId } from './migration-helpers';

export const accounts: AppMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('contact_number', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('fssai_license_number', 'text')
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('alternate_contact', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('display_picture_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('profile_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('deactivated_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('users_role_check', sqlIn('role', ['DONOR', 'RECEIVER', 'VOLUNTEER', 'ADMIN']))
      .execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('password_resets'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').columns(['user_id', 'created_at']).execute();

    await withId(db.schema.createTable('uploads'), dialect)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uploads_owner_id_idx').on('uploads').columns(['owner_id', 'created_at']).execute();
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
