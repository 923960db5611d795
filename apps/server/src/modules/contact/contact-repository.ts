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

export async function listContactMessages(db: Db, page: { page: number; pageSize: number }): Promise<{ total: number; items: ContactMessage[] }> {
  const [count, rows] = await Promise.all([
    db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select(['id', 'user_id as userId', 'name', 'email', 'subject', 'message', 'created_at as createdAt'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows };
}
