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

/** Sessions that count: unexpired, used within the idle limit, on an account that is not deactivated or suspended. */
function validSessions(db: Kysely<Database>, now: Date) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('sessions.expires_at', '>', toIso(now))
      .where('sessions.last_seen_at', '>', toIso(new Date(now.getTime() - SESSION_IDLE_MS)))
      .where('users.deactivated_at', 'is', null)
      // Issue 16: a suspension ends every session at once (they are also deleted) and until it ends.
      .where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', toIso(now))]))
  );
}

/** The signed-in user behind a token, or null when the session is unknown, expired, idle or the account deactivated. */
export async function findSessionUser(db: Kysely<Database>, token: string, now: Date): Promise<SessionUser | null> {
  const row = await validSessions(db, now)
    .select(['sessions.id as sessionId', 'sessions.last_seen_at as lastSeenAt', 'users.id as userId', 'users.role as role', 'users.full_name as fullName'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: toIso(now) })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return { sessionId: row.sessionId, userId: row.userId, role: row.role, fullName: row.fullName };
}

/**
 * Which of these token hashes still name a session that counts (the rules of findSessionUser), in
 * one read, with those last seen over a minute ago touched in one write: for connections that
 * outlive their request (the live stream's heartbeat), checked together rather than one by one.
 */
export async function validSessionHashes(db: Kysely<Database>, tokenHashes: string[], now: Date): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await validSessions(db, now)
    .select(['sessions.id as sessionId', 'sessions.token_hash as tokenHash', 'sessions.last_seen_at as lastSeenAt'])
    .where('sessions.token_hash', 'in', tokenHashes)
    .execute();
  const stale = rows.filter((row) => now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_INTERVAL_MS).map((row) => row.sessionId);
  if (stale.length > 0)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: toIso(now) })
      .where('id', 'in', stale)
      .execute();
  return new Set(rows.map((row) => row.tokenHash));
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

/** A person's sessions for their export: when each began, was last used and ends; never the token's hash. */
export async function sessionSummariesOf(
  db: Kysely<Database>,
  userId: number,
): Promise<Array<{ id: number; createdAt: string; lastSeenAt: string; expiresAt: string }>> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at as createdAt', 'last_seen_at as lastSeenAt', 'expires_at as expiresAt'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1_000)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
