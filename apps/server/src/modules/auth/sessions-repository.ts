import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY, HOUR, MINUTE, toIso } from '../../lib/clock';

/** Absolute lifetime of a session and how long it may sit unused. */
export const SESSION_LIFETIME_MS = 7 * DAY;
export const SESSION_IDLE_MS = 24 * HOUR;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = MINUTE;

export interface SessionUser {
  sessionId: number;
  userId: number;
  role: string;
  fullName: string;
}

/** 256 random bits; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: toIso(now),
      last_seen_at: toIso(now),
      expires_at: toIso(new Date(now.getTime() + SESSION_LIFETIME_MS)),
    })
    .execute();
  return token;
}

/** The signed-in user behind a token, or null when the session is unknown, expired, idle or the account deactivated. */
export async function findSessionUser(db: Kysely<Database>, token: string, now: Date): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'users.id as userId',
      'users.role as role',
      'users.full_name as fullName',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', toIso(now))
    .where('sessions.last_seen_at', '>', toIso(new Date(now.getTime() - SESSION_IDLE_MS)))
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_seen_at: toIso(now) }).where('id', '=', row.sessionId).execute();
  }
  return { sessionId: row.sessionId, userId: row.userId, role: row.role, fullName: row.fullName };
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Signs a user out everywhere, or everywhere but the session they are using. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
}
