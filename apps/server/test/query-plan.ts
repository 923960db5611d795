import { type CompiledQuery, type Kysely, sql } from 'kysely';
import type { Dialect } from '../src/db/database';

/**
 * A query's plan as text: PostgreSQL's EXPLAIN lines joined by newlines, run with sequential scans
 * priced out (on a test's near-empty tables PostgreSQL rightly prefers a scan; priced out, it must
 * find the index), or SQLite's EXPLAIN QUERY PLAN details joined by " | ".
 */
export async function queryPlan<DB>(db: Kysely<DB>, dialect: Dialect | string, compiled: CompiledQuery): Promise<string> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
  const result = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
  return result.rows.map((row) => row.detail).join(' | ');
}
