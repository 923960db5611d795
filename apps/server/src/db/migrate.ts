import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { AppDatabase } from './database';
import { accounts } from './migrations/0001-accounts';
import { foodHandover } from './migrations/0002-food-handover';
import { needsDirectoryContact } from './migrations/0003-needs-directory-contact';
import type { AppMigration } from './migrations/migration-helpers';

/** Every migration, in order. Names never change once released. */
const MIGRATIONS: Record<string, AppMigration> = {
  '0001-accounts': accounts,
  '0002-food-handover': foodHandover,
  '0003-needs-directory-contact': needsDirectoryContact,
};

/** Brings the schema up to date; safe to run at every start. */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const entries = Object.entries(MIGRATIONS).map(([name, migration]): [string, Migration] => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, database.dialect) },
      ]);
      return Object.fromEntries(entries);
    },
  };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
