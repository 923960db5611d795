import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** Row 1 holds the last committed probe; row 2 is the room probe's filler, never left committed. */
const PROBE_ROW = 1;
const FILLER_ROW = 2;
/** Bytes the room probe writes: more than a sign-up or a donation writes, so they fit when it does. */
const FILLER_BYTES = 64 * 1024;

/**
 * Readiness: commits one small row into `health_probe` (an upsert of the same row, so the table
 * never grows and instances sharing a PostgreSQL database only take turns on one row lock).
 * A committed write must reach SQLite's write-ahead log or PostgreSQL's, which a rolled-back one
 * never does. With `needRoom` (after some write was refused for lack of space), it also writes
 * 64 KiB of incompressible filler and deletes it in one transaction, so it fails unless the
 * database can grow. Resolves when the database took the writes, rejects with its error when not
 * (read-only, disk full, locked past the busy timeout, gone).
 */
export async function probeWrite(db: Kysely<Database>, now: Date, options: { needRoom: boolean }): Promise<void> {
  const checkedAt = toIso(now);
  await db
    .insertInto('health_probe')
    .values({ id: PROBE_ROW, checked_at: checkedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: checkedAt }))
    .execute();
  if (!options.needRoom) return;
  // Base64 of random bytes: PostgreSQL's TOAST cannot compress it away to a few bytes.
  const filler = randomBytes((FILLER_BYTES * 3) / 4).toString('base64');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('health_probe')
      .values({ id: FILLER_ROW, checked_at: filler })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: filler }))
      .execute();
    await trx.deleteFrom('health_probe').where('id', '=', FILLER_ROW).execute();
  });
}
