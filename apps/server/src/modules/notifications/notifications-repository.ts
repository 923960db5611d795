import type { Notification, NotificationKind } from '@annadaan/contract/notifications';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { type NotificationMessage, recipientLanguage, word, wordNotification } from './messages/messages';

type Db = Kysely<Database>;

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /** What it says, worded for the reader when read, pushed or emailed (decision 033). */
  message: NotificationMessage;
  link: string;
  /** The request it is about, where there is one (a WhatsApp/SMS message may need it: the pickup code, the Accept button). */
  requestId?: number;
}

/**
 * Each row with its reader's current language (the account's, decision 033), so it is worded in
 * that language now, and in a new one after a switch.
 */
const COLUMNS = [
  'notifications.id',
  'notifications.kind',
  'notifications.title',
  'notifications.body',
  'notifications.message',
  'notifications.link',
  'notifications.created_at',
  'notifications.read_at',
  'users.language',
] as const;

function toNotification(row: {
  id: number;
  kind: string;
  title: string;
  body: string;
  message: string | null;
  link: string;
  created_at: string;
  read_at: string | null;
  language: string | null;
}): Notification {
  return {
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    ...wordNotification(row, recipientLanguage(row.language)),
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** Notifications beside their reader's account, for the reader's language. */
function readable(db: Db) {
  return db.selectFrom('notifications').innerJoin('users', 'users.id', 'notifications.user_id');
}

/** One notification as a channel sends it: its row, its recipient and their language now. */
export async function findDeliverable(db: Db, notificationId: number) {
  return readable(db)
    .select([...COLUMNS, 'notifications.user_id'])
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
}

/** Inserts the rows and answers their ids. */
export async function insertNotifications(db: Db, notifications: NewNotification[], now: Date): Promise<number[]> {
  if (notifications.length === 0) return [];
  const rows = await db
    .insertInto('notifications')
    .values(
      notifications.map((n) => ({
        user_id: n.userId,
        kind: n.kind,
        // English as well: the fallback for a key a catalog no longer knows, and for any reader of the table.
        title: word(n.message.title, 'en'),
        body: word(n.message.body, 'en'),
        message: JSON.stringify(n.message),
        link: n.link,
        request_id: n.requestId ?? null,
        created_at: toIso(now),
        read_at: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** One page of a person's notifications, newest first, older than `before` when given. */
export async function listNotifications(
  db: Db,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<{ items: Notification[]; nextCursor: string | null }> {
  let query = readable(db).select(COLUMNS).where('notifications.user_id', '=', userId);
  if (before !== undefined) query = query.where('notifications.id', '<', before);
  const rows = await query
    .orderBy('notifications.id', 'desc')
    .limit(limit + 1)
    .execute();
  const items = rows.slice(0, limit).map(toNotification);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/** A person's notifications after `afterId`, oldest first: what a live stream has not sent yet. */
export async function notificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<Notification[]> {
  const rows = await readable(db)
    .select(COLUMNS)
    .where('notifications.user_id', '=', userId)
    .where('notifications.id', '>', afterId)
    .orderBy('notifications.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toNotification);
}

/** One of a person's notifications by id; undefined when it is not theirs or not there. */
export async function findNotification(db: Db, userId: number, id: number): Promise<Notification | undefined> {
  const row = await readable(db).select(COLUMNS).where('notifications.user_id', '=', userId).where('notifications.id', '=', id).executeTakeFirst();
  return row ? toNotification(row) : undefined;
}

/** The id of a person's newest notification, 0 when none. */
export async function newestNotificationId(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.id) : 0;
}

/** Each person's newest notification id (0 when none), in one read: an indexed probe per person. */
export async function newestNotificationIds(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .where('users.id', 'in', userIds)
    .select((eb) => [
      'users.id as userId',
      eb
        .selectFrom('notifications')
        .select('notifications.id')
        .whereRef('notifications.user_id', '=', 'users.id')
        .orderBy('notifications.id', 'desc')
        .limit(1)
        .as('newest'),
    ])
    .execute();
  return new Map(rows.map((row) => [Number(row.userId), Number(row.newest ?? 0)]));
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks the given ids read, only those that are the person's own and unread; `ids` undefined means all. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, now: Date): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: toIso(now) })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every notification of a person (their deliveries go with them); answers the ids, so their delivery jobs can be dropped too. */
export async function deleteNotificationsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.deleteFrom('notifications').where('user_id', '=', userId).returning('id').execute();
  return rows.map((row) => Number(row.id));
}
