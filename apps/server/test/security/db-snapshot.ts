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
  const result: Snapshot = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(ctx.database.db);
    // Sorted in the test, not in SQL, so the hash does not depend on a table having a usable order column.
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    result[table] = { rows: rows.length, hash: crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) };
  }
  return result;
}

/** Names of the tables whose count or content differ. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after).filter((table) => before[table]?.hash !== after[table]?.hash || before[table]?.rows !== after[table]?.rows);
}
