import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { withSessionLock } from '../lib/cluster-locks';
import type { AppDatabase } from './database';
import type { Database } from './schema';
import { accounts } from './migrations/0001-accounts';
import { foodHandover } from './migrations/0002-food-handover';
import { needsDirectoryContact } from './migrations/0003-needs-directory-contact';
import { sharedFilesAndCluster } from './migrations/0008-shared-files-and-cluster';
import type { AppMigration } from './migrations/migration-helpers';

/** Every migration, in order. Names never change once released. */
const MIGRATIONS: Record<string, AppMigration> = {
  '0001-accounts': accounts,
  '0002-food-handover': foodHandover,
  '0003-needs-directory-contact': needsDirectoryContact,
  '0008-shared-files-and-cluster': sharedFilesAndCluster,
};

/**
 * Brings the schema up to date; safe to run at every start. On PostgreSQL, instances starting
 * together queue on an advisory lock, so one migrates and the others find nothing left to do.
 */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  return withSessionLock(database.db, database.dialect, 'annadaan:migrations', (db) => migrateOn(db, database));
}

async function migrateOn(db: Kysely<Database>, database: AppDatabase): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const entries = Object.entries(MIGRATIONS).map(([name, migration]): [string, Migration] => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, database.dialect) },
      ]);
      return Object.fromEntries(entries);
    },
  };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
