import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { TestContext } from '../test-app';

/**
 * Tables whose rows a rejected call may legitimately write:
 * - rate_limits: throttles count attempts that are then refused (failed logins per decision 004,
 *   contact messages per address) — counting refusals is their purpose;
 * - sessions: every authenticated call may move last_seen_at forward (sessions-repository).
 */
export const BOOKKEEPING_TABLES = ['rate_limits', 'sessions'];

/** Row count and a hash of every row, per table: equal snapshots mean nothing was written. */
export type Snapshot = Record<string, { rows: number; hash: string }>;

export async function listTables(ctx: TestContext): Promise<string[]> {
  const tables = await ctx.database.db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !BOOKKEEPING_TABLES.includes(name))
    .sort();
}

export async function snapshot(ctx: TestContext, tables: string[]): Promise<Snapshot> {
  if (ctx.dialect === 'postgres') return snapshotWhereWritten(ctx, tables);
  const result: Snapshot = {};
  for (const table of tables) result[table] = await hashTable(ctx, table);
  return result;
}

async function hashTable(ctx: TestContext, table: string): Promise<Snapshot[string]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(ctx.database.db);
  // Sorted in the test, not in SQL, so the hash does not depend on a table having a usable order column.
  const lines = rows.map((row) => JSON.stringify(row)).sort();
  return { rows: rows.length, hash: crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) };
}

/** Per PostgreSQL database: each table's last hash and the write mark read just before it. */
const lastHashed = new WeakMap<TestContext['database'], Map<string, { mark: string; hashed: Snapshot[string] }>>();

/**
 * PostgreSQL: hashes again only the tables written since their last hash. Reading every row of
 * about 40 tables after each call, a round trip each, was most of the fuzz file's time on
 * PostgreSQL; one statement now reads a write mark per table. Every row a transaction inserts or
 * updates carries that transaction's id as its xmin, and ids only grow (they wrap after about four
 * billion), so a table's row count and the sum of its rows' xmin stay the same only while no row
 * was inserted, updated or deleted; a write that was rolled back leaves the visible rows as they were.
 */
async function snapshotWhereWritten(ctx: TestContext, tables: string[]): Promise<Snapshot> {
  let last = lastHashed.get(ctx.database);
  if (!last) {
    last = new Map();
    lastHashed.set(ctx.database, last);
  }
  const marks = tables.map(
    (table) => sql`select ${table}::text as name, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as mark from ${sql.table(table)}`,
  );
  const { rows } = await sql<{ name: string; mark: string }>`${sql.join(marks, sql` union all `)}`.execute(ctx.database.db);
  const result: Snapshot = {};
  for (const { name, mark } of rows) {
    const kept = last.get(name);
    if (kept?.mark === mark) {
      result[name] = kept.hashed;
    } else {
      result[name] = await hashTable(ctx, name);
      last.set(name, { mark, hashed: result[name] });
    }
  }
  return result;
}

/** Names of the tables whose count or content differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after).filter((table) => before[table]?.hash !== after[table]?.hash || before[table]?.rows !== after[table]?.rows);
}
