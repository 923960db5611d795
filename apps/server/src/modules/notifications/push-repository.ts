import { PUSH_SUBSCRIPTIONS_PER_PERSON } from '@annadaan/contract/push';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The server's VAPID keys: when none are stored, a `candidate` pair is inserted if still absent,
 * then whichever pair is stored is returned. Two instances starting together each offer their
 * own; the first insert wins and both read it.
 */
export async function ensureVapidKeys(db: Db, makeCandidate: () => VapidKeys | Promise<VapidKeys>, now: Date): Promise<VapidKeys> {
  const stored = await readVapidKeys(db);
  if (stored) return stored;
  const candidate = await makeCandidate();
  await db
    .insertInto('push_vapid_keys')
    .values({ id: 1, public_key: candidate.publicKey, private_key: candidate.privateKey, created_at: toIso(now) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const winner = await readVapidKeys(db);
  if (!winner) throw new Error('The VAPID keys were inserted but cannot be read back.');
  return winner;
}

async function readVapidKeys(db: Db): Promise<VapidKeys | null> {
  const row = await db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/**
 * Keeps the caller's subscription: a new endpoint is added, one held by anyone (the caller on an
 * earlier visit, or another account that signed in on the same browser before) now belongs to
 * the caller with the keys given. Then only the newest PUSH_SUBSCRIPTIONS_PER_PERSON of the
 * caller's are kept. On PostgreSQL the caller's user row is locked first, so two subscribes at
 * once cannot both keep the eleventh.
 */
export async function saveSubscription(
  db: Db,
  dialect: Dialect,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth, created_at: toIso(now) })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
    // A moved or refreshed endpoint counts as subscribed now (created_at), whatever its id.
    const kept = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_PER_PERSON)
      .execute();
    if (kept.length < PUSH_SUBSCRIPTIONS_PER_PERSON) return;
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        kept.map((row) => row.id),
      )
      .execute();
  });
}

/** Removes the caller's own subscription at `endpoint`; another person's is left alone. */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A person's subscriptions, newest first (at most PUSH_SUBSCRIPTIONS_PER_PERSON are kept). */
export async function subscriptionsOf(db: Db, userId: number): Promise<StoredPushSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(PUSH_SUBSCRIPTIONS_PER_PERSON)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }));
}

/** Forgets a subscription the push service called gone (404/410) or that may not be posted to. */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Every browser subscription of a person whose account is being deleted. */
export async function deleteSubscriptionsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/** A person's subscriptions for their export: when and where to (the push service's host), never the keys. */
export async function subscriptionSummariesOf(db: Db, userId: number): Promise<Array<{ endpointHost: string; createdAt: string }>> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(PUSH_SUBSCRIPTIONS_PER_PERSON)
    .execute();
  return rows.map((row) => ({ endpointHost: URL.canParse(row.endpoint) ? new URL(row.endpoint).host : '', createdAt: row.created_at }));
}
