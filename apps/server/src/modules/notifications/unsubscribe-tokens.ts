import crypto from 'node:crypto';
import { ALWAYS_EMAILED_KINDS, NOTIFICATION_KINDS } from '@annadaan/contract/notification-preferences';
import type { NotificationKind } from '@annadaan/contract/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { appSecret } from '../../lib/app-secrets';

/** The app_secrets row whose key signs unsubscribe links; rotating it voids every link sent. */
const SECRET_NAME = 'unsubscribe-hmac';

/**
 * An unsubscribe link's token: `<user id>.<kind>.<HMAC-SHA256 of both>`. It can switch off one
 * kind's email for one person and nothing else, so it is not a session: it never signs anyone in,
 * and it lives as long as the key (a person may click a month-old email's link).
 */
export async function unsubscribeToken(db: Kysely<Database>, userId: number, kind: NotificationKind, now: Date): Promise<string> {
  const key = await appSecret(db, SECRET_NAME, now);
  return `${userId}.${kind}.${sign(key, userId, kind)}`;
}

/** The person and kind a token names, or null when it is forged, altered or names a kind that cannot be switched off. */
export async function readUnsubscribeToken(db: Kysely<Database>, token: string, now: Date): Promise<{ userId: number; kind: NotificationKind } | null> {
  const [idPart = '', kindPart = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !/^[1-9]\d{0,9}$/.test(idPart)) return null;
  const kind = NOTIFICATION_KINDS.find((known) => known === kindPart);
  if (!kind || ALWAYS_EMAILED_KINDS.includes(kind)) return null;
  const userId = Number(idPart);
  const expected = Buffer.from(sign(await appSecret(db, SECRET_NAME, now), userId, kind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}

function sign(key: Buffer, userId: number, kind: NotificationKind): string {
  return crypto.createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url');
}
