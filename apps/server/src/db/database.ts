import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; poolSize: number };

export function openDatabase(options: DatabaseOptions): AppDatabase {
  const db = options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options.url, options.poolSize);
  let closed = false;
  return {
    db,
    dialect: options.kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  // FULL syncs the WAL on every commit: an acknowledged write survives a crash of the process and
  // of the machine. NORMAL would survive only the former.
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing a join costs about as much as running it on an
 * index. Prepared statements are kept by SQL text (the oldest dropped past the cap). Reuse is safe
 * because Kysely runs one query at a time on the one connection and the app never streams rows;
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = connection.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function openPostgres(url: string, poolSize: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
