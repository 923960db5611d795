import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountDataPart } from '../../lib/account-data';
import { unauthorized } from '../../lib/http-errors';
import { confirmCurrentPassword } from '../auth/account-changes';
import { findProfile } from '../user/user-repository';

/** What the export file says about itself, before the parts. */
export const EXPORT_FORMAT = 'annadaan-account-export/1';

/** Everything the parts hold about the person, one key per part. */
export async function exportAccount(db: Kysely<Database>, parts: readonly AccountDataPart[], userId: number, now: Date): Promise<Record<string, unknown>> {
  const file: Record<string, unknown> = { format: EXPORT_FORMAT, exportedAt: now.toISOString() };
  // One part after another: the export is rare and each part's queries are bounded, so it need not hold many connections at once.
  for (const part of parts) file[part.key] = await part.exportUserData(db, userId, now);
  return file;
}

export interface DeletionDeps {
  db: Kysely<Database>;
  now: Date;
  log: FastifyBaseLogger;
  deleteStoredFile(key: string): Promise<void>;
}

/**
 * Deletes the account after the current password checks out (counted like every password check,
 * so a stolen session cannot guess at leisure). Every part erases its share in ONE transaction:
 * either the whole account goes, with the notices its withdrawals cause, or nothing does. Files
 * go after the commit; one that cannot be deleted is logged (by key, which names no one) and left.
 */
export async function deleteAccount(deps: DeletionDeps, parts: readonly AccountDataPart[], userId: number, currentPassword: string): Promise<void> {
  const { db, now, log } = deps;
  await confirmCurrentPassword(db, now, userId, currentPassword);
  const profile = await findProfile(db, userId);
  // The session was valid a moment ago; an account deleted since then is simply signed out.
  if (!profile) throw unauthorized();

  const afterCommit: Array<() => Promise<void>> = [];
  await db.transaction().execute(async (trx) => {
    const erasure = { now, email: profile.email, afterCommit: (task: () => Promise<void>) => afterCommit.push(task), deleteStoredFile: deps.deleteStoredFile };
    for (const part of parts) await part.eraseUserData(trx, userId, erasure);
  });
  for (const task of afterCommit) {
    try {
      await task();
    } catch (error) {
      log.error({ err: error, userId }, 'account deletion: clean-up after commit failed');
    }
  }
}
