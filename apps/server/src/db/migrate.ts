import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { withSessionLock } from '../lib/cluster-locks';
import type { AppDatabase } from './database';
import type { Database } from './schema';
import { accounts } from './migrations/0001-accounts';
import { foodHandover } from './migrations/0002-food-handover';
import { needsDirectoryContact } from './migrations/0003-needs-directory-contact';
import { freeFoodTypeCanonicalPhones } from './migrations/0004-free-food-type-canonical-phones';
import { locationPrivacy } from './migrations/0006-location-privacy';
import { healthProbe } from './migrations/0007-health-probe';
import { sharedFilesAndCluster } from './migrations/0008-shared-files-and-cluster';
import { notifications } from './migrations/0009-notifications';
import { jobs } from './migrations/0010-jobs';
import { webPush } from './migrations/0011-web-push';
import { notificationPreferences } from './migrations/0012-notification-preferences';
import { nearbyFoodAlerts } from './migrations/0013-nearby-food-alerts';
import { nearMeAndMap } from './migrations/0014-near-me-and-map';
import { mapCellCounts } from './migrations/0015-map-cell-counts';
import { foodFacts } from './migrations/0016-food-facts';
import { moderation } from './migrations/0017-moderation';
import { noShows } from './migrations/0018-no-shows';
import { accountOwnership } from './migrations/0019-account-ownership';
import { userLanguage } from './migrations/0020-user-language';
import { notificationMessages } from './migrations/0021-notification-messages';
import { photoVariants } from './migrations/0022-photo-variants';
import { whatsappAndSms } from './migrations/0023-whatsapp-and-sms';
import { messagingRefusalsIndex } from './migrations/0024-messaging-refusals-index';
import { organisations } from './migrations/0025-organisations';
import { volunteersAndRuns } from './migrations/0026-volunteers-and-runs';
import { portionsAndWaitlist } from './migrations/0027-portions-and-waitlist';
import type { AppMigration } from './migrations/migration-helpers';

/** Every migration, in order. Names never change once released. */
const MIGRATIONS: Record<string, AppMigration> = {
  '0001-accounts': accounts,
  '0002-food-handover': foodHandover,
  '0003-needs-directory-contact': needsDirectoryContact,
  '0004-free-food-type-canonical-phones': freeFoodTypeCanonicalPhones,
  '0006-location-privacy': locationPrivacy,
  '0007-health-probe': healthProbe,
  '0008-shared-files-and-cluster': sharedFilesAndCluster,
  '0009-notifications': notifications,
  '0010-jobs': jobs,
  '0011-web-push': webPush,
  '0012-notification-preferences': notificationPreferences,
  '0013-nearby-food-alerts': nearbyFoodAlerts,
  '0014-near-me-and-map': nearMeAndMap,
  '0015-map-cell-counts': mapCellCounts,
  '0016-food-facts': foodFacts,
  '0017-moderation': moderation,
  '0018-no-shows': noShows,
  '0019-account-ownership': accountOwnership,
  '0020-user-language': userLanguage,
  '0021-notification-messages': notificationMessages,
  '0022-photo-variants': photoVariants,
  '0023-whatsapp-and-sms': whatsappAndSms,
  '0024-messaging-refusals-index': messagingRefusalsIndex,
  '0025-organisations': organisations,
  '0026-volunteers-and-runs': volunteersAndRuns,
  '0027-portions-and-waitlist': portionsAndWaitlist,
};

/**
 * Brings the schema up to date; safe to run at every start. On PostgreSQL, instances starting
 * together queue on an advisory lock, so one migrates and the others find nothing left to do.
 */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  return runMigrations(database, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name`; tests use it to load data an older schema held. */
export async function migrateUpTo(database: AppDatabase, name: string): Promise<string[]> {
  if (!(name in MIGRATIONS)) throw new Error(`No migration named ${name}.`);
  return runMigrations(database, (migrator) => migrator.migrateTo(name));
}

async function runMigrations(database: AppDatabase, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  return withSessionLock(database.db, database.dialect, 'annadaan:migrations', (db) => migrateOn(db, database, run));
}

async function migrateOn(db: Kysely<Database>, database: AppDatabase, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
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
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
