import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** Sets or clears deactivated_at; false when there is no such user. */
export async function setDeactivated(db: Kysely<Database>, userId: number, deactivated: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? toIso(now) : null, updated_at: toIso(now) })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
