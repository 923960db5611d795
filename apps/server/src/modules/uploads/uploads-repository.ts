import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

export async function insertUpload(db: Kysely<Database>, upload: { ownerId: number; fileName: string; bytes: number }, now: Date): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ owner_id: upload.ownerId, file_name: upload.fileName, bytes: upload.bytes, created_at: toIso(now) })
    .execute();
}

/** A person's uploaded pictures for their export: name, size and when. */
export async function uploadsOf(db: Kysely<Database>, ownerId: number): Promise<Array<{ url: string; bytes: number; createdAt: string }>> {
  const rows = await db
    .selectFrom('uploads')
    .select(['file_name', 'bytes', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .limit(10_000)
    .execute();
  return rows.map((row) => ({ url: `/uploads/${row.file_name}`, bytes: Number(row.bytes), createdAt: row.created_at }));
}

/** Deletes a person's upload records and answers the stored files' keys, to be deleted once this commits. */
export async function deleteUploadsOf(db: Kysely<Database>, ownerId: number): Promise<string[]> {
  const rows = await db.deleteFrom('uploads').where('owner_id', '=', ownerId).returning('file_name').execute();
  return rows.map((row) => row.file_name);
}
