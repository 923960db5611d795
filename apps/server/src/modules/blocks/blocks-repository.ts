import type { BlockedUser } from '@annadaan/contract/moderation';
import type { PageQuery } from '@annadaan/contract/paging';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/**
 * For lists (browse, map, food needs): the row's owner and the viewer have not blocked each other,
 * either way. Two NOT EXISTS probes on user_blocks' primary key (blocker_id, blocked_id), each one
 * index lookup per row the list reads. `ownerColumn` is a column name the caller writes, never input.
 */
export function notBlockedBetween(viewerId: number, ownerColumn: string): RawBuilder<SqlBool> {
  const owner = sql.ref(ownerColumn);
  return sql<SqlBool>`not exists (select 1 from user_blocks where user_blocks.blocker_id = ${viewerId} and user_blocks.blocked_id = ${owner})
    and not exists (select 1 from user_blocks where user_blocks.blocker_id = ${owner} and user_blocks.blocked_id = ${viewerId})`;
}

/**
 * Whether the person blocked anyone or is blocked by anyone: most people are neither, and their
 * lists can then be read (and kept) as everyone else's. Two index probes.
 */
export async function hasBlocks(db: Db, userId: number): Promise<boolean> {
  const mine = await db.selectFrom('user_blocks').select('blocker_id').where('blocker_id', '=', userId).limit(1).executeTakeFirst();
  if (mine) return true;
  const theirs = await db.selectFrom('user_blocks').select('blocked_id').where('blocked_id', '=', userId).limit(1).executeTakeFirst();
  return theirs !== undefined;
}

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Blocks `blockedId` for `blockerId`; blocking twice keeps the first time. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: Date): Promise<void> {
  await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: toIso(now) })
    .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

export async function findBlock(db: Db, blockerId: number, blockedId: number): Promise<BlockedUser | null> {
  const row = await db
    .selectFrom('user_blocks')
    .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
    .select(['user_blocks.blocked_id as userId', 'users.full_name as fullName', 'user_blocks.created_at as blockedAt'])
    .where('user_blocks.blocker_id', '=', blockerId)
    .where('user_blocks.blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row ?? null;
}

/** The people I blocked, newest first, one page; the primary key's blocker_id prefix finds them. */
export async function listBlocks(db: Db, blockerId: number, page: PageQuery): Promise<{ total: number; items: BlockedUser[] }> {
  const base = db.selectFrom('user_blocks').where('user_blocks.blocker_id', '=', blockerId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
      .select(['user_blocks.blocked_id as userId', 'users.full_name as fullName', 'user_blocks.created_at as blockedAt'])
      .orderBy('user_blocks.created_at', 'desc')
      .orderBy('user_blocks.blocked_id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items: rows };
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Everyone a person blocked, newest first (their account export). */
export async function listAllBlocksBy(db: Db, blockerId: number): Promise<BlockedUser[]> {
  return db
    .selectFrom('user_blocks')
    .innerJoin('users', 'users.id', 'user_blocks.blocked_id')
    .select(['user_blocks.blocked_id as userId', 'users.full_name as fullName', 'user_blocks.created_at as blockedAt'])
    .where('user_blocks.blocker_id', '=', blockerId)
    .orderBy('user_blocks.created_at', 'desc')
    .execute();
}

/** A person's account is being deleted: the blocks they made and those made against them go. */
export async function deleteBlocksOf(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('user_blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
}
