import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { Dialect } from '../db/database';

/**
 * Work that must happen on one instance at a time takes a PostgreSQL advisory lock named after
 * it, for the length of its transaction: another instance trying meanwhile skips its turn, and a
 * killed instance's lock goes with its connection. On SQLite one process owns the database.
 */
export async function tryTransactionLock(trx: QueryExecutorProvider, dialect: Dialect, name: string): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/** Runs `work` while holding a session-level advisory lock on one connection (waiting for it). */
export async function withSessionLock<DB, T>(db: Kysely<DB>, dialect: Dialect, name: string, work: (connection: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${name}))`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
