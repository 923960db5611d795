import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** `npm run db:migrate`: brings the configured database's schema up to date. */
const config = loadConfig();
const database = openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'sqlite', file: config.sqlitePath });
try {
  const applied = await migrateToLatest(database);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
} finally {
  await database.close();
}
