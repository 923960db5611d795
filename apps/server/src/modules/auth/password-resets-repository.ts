import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

export interface PasswordReset {
  id: number;
  codeHash: string;
  expiresAt: string;
  failedAttempts: number;
  usedAt: string | null;
}

export async function insertPasswordReset(db: Kysely<Database>, reset: { userId: number; codeHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ user_id: reset.userId, code_hash: reset.codeHash, created_at: toIso(now), expires_at: toIso(reset.expiresAt), failed_attempts: 0 })
    .execute();
}

/** Only the newest code counts: asking for a new one retires the ones before it. */
export async function findLatestReset(db: Kysely<Database>, userId: number): Promise<PasswordReset | null> {
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'code_hash as codeHash', 'expires_at as expiresAt', 'failed_attempts as failedAttempts', 'used_at as usedAt'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, failedAttempts: Number(row.failedAttempts) } : null;
}

/**
 * Takes one of the code's tries before the code is checked, in one conditional statement: false
 * when the code is used, expired or has no try left. `failed_attempts` thus counts every code
 * checked; the try that succeeds marks the code used.
 */
export async function claimCodeAttempt(db: Kysely<Database>, resetId: number, maxAttempts: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .where('failed_attempts', '<', maxAttempts)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the code used; false when another request used it first. */
export async function markResetUsed(db: Kysely<Database>, resetId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: toIso(now) })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Burns every code of the account not yet used (inside the caller's transaction). */
export async function voidOpenResets(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: toIso(now) })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Every reset code of an account being deleted, used or not. */
export async function deleteResetsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
