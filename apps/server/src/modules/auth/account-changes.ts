import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MINUTE } from '../../lib/clock';
import { badRequest } from '../../lib/http-errors';
import { clearHits, consumeLimit } from '../../plugins/rate-limit';
import { message, recipientLanguage, word } from '../notifications/messages/messages';
import type { Notification } from '../notifications/notifier';
import { verifySecret } from './password-hashing';
import { deleteUserSessions } from './sessions-repository';
import { voidOpenResets } from './password-resets-repository';
import { findCredentialsById } from './users-repository';

/** Wrong current passwords per account before a pause: a stolen session cannot guess at leisure. */
export const CURRENT_PASSWORD_CHECKS = { limit: 10, windowMs: 15 * MINUTE } as const;

/**
 * Checks the account's current password before a change that could hand the account over (the
 * phone number a reset code goes to). The attempt is counted first, atomically, so a burst cannot
 * run more checks than the limit; a right password clears the count. Shares its key with the
 * password change, so the two together allow 10 wrong guesses per 15 minutes.
 */
export async function confirmCurrentPassword(
  db: Kysely<Database>,
  now: Date,
  userId: number,
  currentPassword: string | undefined,
  field = 'currentPassword',
): Promise<void> {
  if (!currentPassword) throw badRequest('CURRENT_PASSWORD_NEEDED_FOR_PHONE').onField(field);
  const key = `password-check-fail:${userId}`;
  await consumeLimit(db, now, { key, ...CURRENT_PASSWORD_CHECKS });
  const user = await findCredentialsById(db, userId);
  if (!user || !(await verifySecret(user.passwordHash, currentPassword))) {
    throw badRequest('CURRENT_PASSWORD_WRONG').onField(field);
  }
  await clearHits(db, key);
}

/** Ends every session of the account except the one making the change (inside the change's transaction). */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keepSessionId: number): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
}

/**
 * Burns reset codes issued before the change: a code sent to the number being replaced must not
 * outlive it (inside the change's transaction).
 */
export async function voidResetCodes(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await voidOpenResets(db, userId, now);
}

/**
 * Tells the person, at the number that is being replaced, that it changed: if someone else did
 * it with a stolen session, the owner hears of it where they can still be reached. Only the last
 * digits appear, so the message (and the log line the built-in notifier writes) holds no number.
 * In the person's language (decision 033), the date as it was in India.
 */
export function phoneChangedNotice(person: { email: string; oldNumber: string; newNumber: string; language: string | null }, now: Date): Notification {
  const ending = (phone: string) => phone.replace(/\D/g, '').slice(-4);
  const language = recipientLanguage(person.language);
  return {
    to: { email: person.email, contactNumber: person.oldNumber },
    subject: word(message('phoneChangedEmail.subject'), language),
    text: word(
      message('phoneChangedEmail.text', { date: { date: now.toISOString() }, oldEnding: ending(person.oldNumber), newEnding: ending(person.newNumber) }),
      language,
    ),
    secrets: [],
  };
}
