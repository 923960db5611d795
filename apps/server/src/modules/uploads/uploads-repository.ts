import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

export async function insertUpload(db: Kysely<Database>, upload: { ownerId: number; fileName: string; bytes: number }, now: Date): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ owner_id: upload.ownerId, file_name: upload.fileName, bytes: upload.bytes, created_at: toIso(now) })
    .execute();
}
