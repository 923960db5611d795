import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import SQLite from 'better-sqlite3';

/** One driver's timings for the same work on the same schema and pragmas. */
export interface SqliteDriverResult {
  driver: 'better-sqlite3' | 'node:sqlite';
  sqliteVersion: string;
  insertRowsPerSecond: number;
  pointReadsPerSecond: number;
  pageReadsPerSecond: number;
}

/** The calls both drivers share: enough of each to run the same statements. */
interface Driver {
  exec(sql: string): void;
  run(sql: string, ...params: (string | number)[]): void;
  get(sql: string, ...params: (string | number)[]): unknown;
  all(sql: string, ...params: (string | number)[]): unknown[];
  close(): void;
}

function betterSqlite(file: string): Driver {
  const db = new SQLite(file);
  const cache = new Map<string, SQLite.Statement>();
  const prepared = (text: string) => {
    let statement = cache.get(text);
    if (!statement) cache.set(text, (statement = db.prepare(text)));
    return statement;
  };
  return {
    exec: (text) => void db.exec(text),
    run: (text, ...params) => void prepared(text).run(...params),
    get: (text, ...params) => prepared(text).get(...params),
    all: (text, ...params) => prepared(text).all(...params),
    close: () => db.close(),
  };
}

function nodeSqlite(file: string): Driver {
  const db = new DatabaseSync(file);
  const cache = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const prepared = (text: string) => {
    let statement = cache.get(text);
    if (!statement) cache.set(text, (statement = db.prepare(text)));
    return statement;
  };
  return {
    exec: (text) => db.exec(text),
    run: (text, ...params) => void prepared(text).run(...params),
    get: (text, ...params) => prepared(text).get(...params),
    all: (text, ...params) => prepared(text).all(...params),
    close: () => db.close(),
  };
}

const ROWS = 50_000;
const READS = 50_000;
const PAGES = 5_000;

function measure(driver: SqliteDriverResult['driver'], open: (file: string) => Driver): SqliteDriverResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annadaan-sqlite-drivers-'));
  const db = open(path.join(dir, 'bench.sqlite'));
  try {
    // The server's pragmas (apps/server/src/db/database.ts).
    db.exec('pragma journal_mode = WAL; pragma synchronous = FULL; pragma foreign_keys = ON;');
    db.exec(`create table donations (id integer primary key, food_name text not null, food_type text not null,
      status text not null, expires_at text not null, pin_code text not null);
      create index donations_listed on donations (status, food_type, expires_at);`);
    const start = Date.now();
    let started = performance.now();
    db.exec('begin');
    for (let n = 1; n <= ROWS; n += 1) {
      db.run(
        'insert into donations (id, food_name, food_type, status, expires_at, pin_code) values (?, ?, ?, ?, ?, ?)',
        n,
        `Food ${n}`,
        n % 2 ? 'PRECOOKED' : 'RAW',
        'AVAILABLE',
        new Date(start + n * 1000).toISOString(),
        String(560000 + (n % 100)),
      );
    }
    db.exec('commit');
    const insertSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    for (let n = 0; n < READS; n += 1) db.get('select id, food_name, status from donations where id = ?', 1 + ((n * 7919) % ROWS));
    const readSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    for (let n = 0; n < PAGES; n += 1) {
      db.all(
        "select id, food_name, expires_at from donations where status = 'AVAILABLE' and food_type = ? and expires_at > ? order by expires_at limit 6 offset ?",
        'PRECOOKED',
        new Date(start).toISOString(),
        (n % 50) * 6,
      );
    }
    const pageSeconds = (performance.now() - started) / 1000;
    const version = db.get('select sqlite_version() as version') as { version: string };
    return {
      driver,
      sqliteVersion: version.version,
      insertRowsPerSecond: Math.round(ROWS / insertSeconds),
      pointReadsPerSecond: Math.round(READS / readSeconds),
      pageReadsPerSecond: Math.round(PAGES / pageSeconds),
    };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same inserts, point reads and browse-like page reads through both drivers, in this process. */
export function compareSqliteDrivers(): SqliteDriverResult[] {
  // Run each twice and keep the second, so neither pays for warming the file cache alone.
  measure('better-sqlite3', betterSqlite);
  measure('node:sqlite', nodeSqlite);
  return [measure('better-sqlite3', betterSqlite), measure('node:sqlite', nodeSqlite)];
}
