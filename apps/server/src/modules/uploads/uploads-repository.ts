import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { uploadKeys } from './photos';

export interface NewUpload {
  ownerId: number;
  fileName: string;
  /** All variants together. */
  bytes: number;
  width: number;
  height: number;
  placeholder: string;
  /** From `storedVariants`. */
  variants: string;
}

/**
 * Records an upload in one row. The name is a content hash of its owner's picture, so the same
 * picture uploaded again (even at the same moment) finds its row already there and keeps it.
 */
export async function insertUpload(db: Kysely<Database>, upload: NewUpload, now: Date): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      owner_id: upload.ownerId,
      file_name: upload.fileName,
      bytes: upload.bytes,
      width: upload.width,
      height: upload.height,
      placeholder: upload.placeholder,
      variants: upload.variants,
      created_at: toIso(now),
    })
    .onConflict((conflict) => conflict.column('file_name').doNothing())
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

/** Deletes a person's upload records and answers the stored files' keys (every variant), to be deleted once this commits. */
export async function deleteUploadsOf(db: Kysely<Database>, ownerId: number): Promise<string[]> {
  const rows = await db.deleteFrom('uploads').where('owner_id', '=', ownerId).returning(['file_name', 'variants']).execute();
  return [...new Set(rows.flatMap((row) => uploadKeys(row.file_name, row.variants)))];
}
