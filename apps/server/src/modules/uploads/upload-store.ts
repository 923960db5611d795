import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

/** A stored file as it goes out: a stream from disk, or the bytes read from the database. */
export interface StoredFile {
  body: Readable | Buffer;
}

/**
 * Where uploaded pictures live, by key (a variant's content hash, or an earlier upload's random
 * name). Routes and services go through this and never touch the file system or the tables.
 */
export interface UploadStore {
  readonly kind: 'folder' | 'database';
  /**
   * Stores `bytes` under `key` and answers true, or answers false when the key is already stored:
   * keys are hashes of their content, so it holds these very bytes.
   */
  put(key: string, bytes: Buffer, now: Date): Promise<boolean>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** The embedded default: one file per key in a folder of this machine. */
export function createFolderStore(dir: string): UploadStore {
  return {
    kind: 'folder',
    async put(key, bytes) {
      await fs.promises.mkdir(dir, { recursive: true });
      // Written aside and linked into place, so a reader never sees half a file, and two uploads
      // of one picture at once both succeed with one file.
      const temporary = path.join(dir, `.${key}.${crypto.randomBytes(6).toString('hex')}.tmp`);
      await fs.promises.writeFile(temporary, bytes, { flag: 'wx' });
      try {
        await fs.promises.link(temporary, path.join(dir, key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await fs.promises.rm(temporary, { force: true });
      }
    },
    async get(key) {
      const file = path.join(dir, key);
      try {
        await fs.promises.access(file, fs.constants.R_OK);
      } catch {
        return null;
      }
      return { body: fs.createReadStream(file) };
    },
    async delete(key) {
      await fs.promises.rm(path.join(dir, key), { force: true });
    },
  };
}

/**
 * Every instance reads the same files: the content goes into the database once per distinct
 * SHA-256 (`file_contents`) and the key points at it (`stored_files`). Pictures are re-encoded and
 * at most a few hundred kB, so each is read whole rather than streamed in chunks.
 */
export function createDatabaseStore(db: Kysely<Database>): UploadStore {
  return {
    kind: 'database',
    async put(key, bytes, now) {
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('file_contents')
          .values({ sha256, content: bytes, size: bytes.length, created_at: toIso(now) })
          .onConflict((conflict) => conflict.column('sha256').doNothing())
          .execute();
        const inserted = await trx
          .insertInto('stored_files')
          .values({ key, sha256, created_at: toIso(now) })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },
    async get(key) {
      const row = await db
        .selectFrom('stored_files')
        .innerJoin('file_contents', 'file_contents.sha256', 'stored_files.sha256')
        .select('file_contents.content')
        .where('stored_files.key', '=', key)
        .executeTakeFirst();
      return row ? { body: Buffer.from(row.content) } : null;
    },
    async delete(key) {
      await db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('stored_files').where('key', '=', key).returning('sha256').executeTakeFirst();
        if (!row) return;
        // The content goes when no other key points at it.
        await trx
          .deleteFrom('file_contents')
          .where('sha256', '=', row.sha256)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('stored_files').select('key').where('sha256', '=', row.sha256))))
          .execute();
      });
    },
  };
}
