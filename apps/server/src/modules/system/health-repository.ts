import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** Thrown inside the probe's transaction to roll it back; it is the expected way out. */
class ProbeRollback extends Error {}

/**
 * Writes one row into `health_probe` inside a transaction and rolls it back: resolves when the
 * database took the write, rejects with the database's error when it did not (read-only, disk
 * full, locked past the busy timeout, gone).
 */
export async function probeWrite(db: Kysely<Database>, now: Date): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('health_probe').values({ id: 1, checked_at: toIso(now) }).execute();
      throw new ProbeRollback();
    });
  } catch (error) {
    if (error instanceof ProbeRollback) return;
    throw error;
  }
}
