import crypto from 'node:crypto';
import { PHONE_CODE_LIFETIME_MINUTES, PHONE_CODE_MAX_TRIES } from '@annadaan/contract/messaging';
import type { FastifyInstance } from 'fastify';
import { HOUR, MINUTE, toIso } from '../../lib/clock';
import { appError, badRequest, conflict } from '../../lib/http-errors';
import { consumeLimit } from '../../plugins/rate-limit';
import { recipientLanguage } from './messages/messages';

/** Codes per number and per client address per hour, counted before a code is made (decision 049). */
export const PHONE_CODE_LIMITS = {
  perNumber: { limit: 3, windowMs: HOUR },
  perAddress: { limit: 10, windowMs: HOUR },
} as const;

const invalidCode = () => badRequest('PHONE_CODE_INVALID').onField('code');

/**
 * Sends a 6-digit code by SMS to the person's number, at once and not through the queue (a job
 * payload never holds a secret; a failed send is a 503 and the person asks again). The limits
 * are counted first and atomically, so a parallel burst cannot pass them.
 */
export async function sendPhoneCode(app: FastifyInstance, userId: number, address: string, now: Date): Promise<{ endingIn: string; expiresAt: string }> {
  const person = await app.db
    .selectFrom('users')
    .select(['contact_number', 'phone_verified_at', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (person.phone_verified_at !== null) throw conflict('PHONE_ALREADY_VERIFIED');
  await consumeLimit(app.db, now, { key: `phone-code-ip:${address}`, ...PHONE_CODE_LIMITS.perAddress });
  // Keyed by a hash of the number: the counter outlives an erased account by up to an hour and must not hold the number.
  const numberKey = crypto.createHash('sha256').update(person.contact_number).digest('base64url').slice(0, 22);
  await consumeLimit(app.db, now, { key: `phone-code-number:${numberKey}`, ...PHONE_CODE_LIMITS.perNumber });

  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = await app.passwordHasher.hash('reset', code);
  const expiresAt = new Date(now.getTime() + PHONE_CODE_LIFETIME_MINUTES * MINUTE);
  const id = await app.db.transaction().execute(async (trx) => {
    // Only the newest code counts: earlier ones are spent.
    await trx
      .updateTable('phone_verifications')
      .set({ used_at: toIso(now) })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('phone_verifications')
      .values({ user_id: userId, phone: person.contact_number, code_hash: codeHash, expires_at: toIso(expiresAt), used_at: null, created_at: toIso(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  const result = await app.messaging
    .send(
      {
        channel: 'sms',
        key: 'PHONE_CODE',
        language: recipientLanguage(person.language),
        to: person.contact_number,
        values: { code },
        idempotencyKey: `phone-code:${id}`,
        userId,
        notificationId: null,
      },
      now,
    )
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'phone code not sent');
      return { status: 'refused' as const, reason: 'provider unavailable' };
    });
  if (result.status !== 'sent') {
    await app.db
      .updateTable('phone_verifications')
      .set({ used_at: toIso(now) })
      .where('id', '=', id)
      .execute();
    throw appError(503, 'SMS_NOT_SENT', 'SMS_NOT_SENT');
  }
  return { endingIn: person.contact_number.slice(-4), expiresAt: toIso(expiresAt) };
}

/**
 * Checks a code: the newest unspent one for the number the account has now, fresh, with tries
 * left. A try is counted before the hash is compared, atomically, so a burst cannot exceed them.
 */
export async function confirmPhoneCode(app: FastifyInstance, userId: number, code: string, now: Date): Promise<void> {
  const person = await app.db.selectFrom('users').select(['contact_number', 'phone_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (person.phone_verified_at !== null) throw conflict('PHONE_ALREADY_VERIFIED');
  const pending = await app.db
    .selectFrom('phone_verifications')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('phone', '=', person.contact_number)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toIso(now))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const claimed = pending
    ? await app.db
        .updateTable('phone_verifications')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('id', '=', pending.id)
        .where('tries', '<', PHONE_CODE_MAX_TRIES)
        .where('used_at', 'is', null)
        .executeTakeFirst()
    : null;
  if (!pending || !claimed || Number(claimed.numUpdatedRows) === 0) {
    await app.passwordHasher.verifyAgainstDummy('reset', code);
    throw invalidCode();
  }
  if (!(await app.passwordHasher.verify('reset', pending.code_hash, code))) throw invalidCode();
  await app.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('phone_verifications')
      .set({ used_at: toIso(now) })
      .where('id', '=', pending.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw invalidCode();
    // Verified only if the number is still the one the code went to.
    await trx
      .updateTable('users')
      .set({ phone_verified_at: toIso(now) })
      .where('id', '=', userId)
      .where('contact_number', '=', person.contact_number)
      .execute();
  });
}
