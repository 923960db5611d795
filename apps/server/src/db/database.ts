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
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (not one of the pool's),
   * reconnecting when it drops. `onUp` runs once listening, `onDown` whenever notifications may
   * have been missed. Undefined on SQLite, where one process owns the database.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onUp(): void;
  onDown(error: unknown): void;
}

export interface Listener {
  /** Stops listening and closes the connection; no reconnect afterwards. */
  close(): Promise<void>;
}

export type DatabaseOptions = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };

export function openDatabase(options: DatabaseOptions): AppDatabase {
  const db = options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options.url, options.poolSize);
  let closed = false;
  return {
    db,
    dialect: options.kind,
    ...(options.kind === 'postgres' ? { listen: (channel: string, handlers: ListenHandlers) => listenPostgres(options.url, channel, handlers) } : {}),
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
  let noTransaction: SQLite.Statement | undefined;
  return {
    close: () => connection.close(),
    prepare(text: string) {
      // SQLite ends a transaction itself when a statement fails with SQLITE_FULL (or IOERR, NOMEM);
      // Kysely's rollback would then fail with "no transaction is active" and hide the real error
      // (a full disk would answer 500 instead of 503). Nothing is left to roll back.
      if (text === 'rollback' && !connection.inTransaction) {
        noTransaction ??= connection.prepare('select 1 where 0');
        return noTransaction;
      }
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

const RECONNECT_MS = 1_000;

function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const down = (error: unknown) => {
    const lost = client;
    client = null;
    lost?.removeAllListeners();
    lost?.on('error', () => undefined);
    void lost?.end().catch(() => undefined);
    handlers.onDown(error);
    if (stopped) return;
    retry = setTimeout(connect, RECONNECT_MS);
    // A pending reconnect must not keep a finished process alive.
    retry.unref();
  };

  const connect = () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (client === next) down(error);
    });
    next.on('end', () => {
      if (client === next && !stopped) down(new Error('listen connection ended'));
    });
    next
      .connect()
      .then(() => next.query(`listen ${channel}`))
      .then(() => {
        if (client === next && !stopped) handlers.onUp();
      })
      .catch((error: unknown) => {
        if (client === next) down(error);
      });
  };

  connect();
  return {
    async close() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
