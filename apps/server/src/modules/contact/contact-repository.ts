import type { ContactMessage } from '@annadaan/contract/contact';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

export async function insertContactMessage(
  db: Db,
  values: { userId: number | null; name: string; email: string; subject: string; message: string },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ user_id: values.userId, name: values.name, email: values.email, subject: values.subject, message: values.message, created_at: toIso(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const MESSAGE_COLUMNS = ['id', 'user_id as userId', 'name', 'email', 'subject', 'message', 'created_at as createdAt'] as const;

/** One page of messages, newest first, and how many there are: all of them, or those one person sent signed in. */
async function pageOfMessages(db: Db, page: { page: number; pageSize: number }, userId?: number): Promise<{ total: number; items: ContactMessage[] }> {
  const sent = userId === undefined ? db.selectFrom('contact_messages') : db.selectFrom('contact_messages').where('user_id', '=', userId);
  const [count, rows] = await Promise.all([
    sent.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    sent
      .select(MESSAGE_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows };
}

export function listContactMessages(db: Db, page: { page: number; pageSize: number }): Promise<{ total: number; items: ContactMessage[] }> {
  return pageOfMessages(db, page);
}

/** The messages a person sent while signed in, newest first, one page at a time. */
export function listMessagesOf(db: Db, userId: number, page: { page: number; pageSize: number }): Promise<{ total: number; items: ContactMessage[] }> {
  return pageOfMessages(db, page, userId);
}

/** Messages sent while signed in to the account, and those sent signed out from its email (decision 030). */
export async function deleteMessagesOf(db: Db, userId: number, email: string): Promise<void> {
  await db.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('contact_messages')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
}
