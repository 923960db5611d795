import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toIso } from './clock';

/**
 * A server-wide secret, made on first use and kept in the database so every instance signs and
 * checks with the same key and none needs it in its environment. Instances racing to make it
 * agree: the first insert wins, the others' are ignored and everyone reads the stored value.
 */
export async function appSecret(db: Kysely<Database>, name: string, now: Date): Promise<Buffer> {
  const stored = await readSecret(db, name);
  if (stored) return stored;
  await db
    .insertInto('app_secrets')
    .values({ name, value: crypto.randomBytes(32).toString('base64url'), created_at: toIso(now) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const made = await readSecret(db, name);
  if (!made) throw new Error(`The secret ${name} could not be stored.`);
  return made;
}

async function readSecret(db: Kysely<Database>, name: string): Promise<Buffer | null> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Buffer.from(row.value, 'base64url') : null;
}
