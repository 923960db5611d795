import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notices, recordNotification } from '../notifications/notifications-service';
import { hideFoodRequestRow, openFoodRequestIdsOf, restoreFoodRequestRow } from './food-needs-repository';

/**
 * For moderation only (issue 16): an admin hides a food need and its owner is told why, in the
 * caller's transaction. Null when there is no such need or it is hidden already.
 */
export async function hideFoodNeed(trx: Kysely<Database>, id: number, reason: string, now: Date): Promise<{ requesterId: number } | null> {
  const hidden = await hideFoodRequestRow(trx, id, now);
  if (!hidden) return null;
  await recordNotification(trx, notices.listingHiddenForOwner(hidden.requesterId, 'FOOD_NEED', hidden.title, reason), now);
  return { requesterId: hidden.requesterId };
}

/** For moderation only: restores a hidden food need; false when it is not hidden. */
export async function restoreFoodNeed(trx: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  return restoreFoodRequestRow(trx, id, now);
}

/** For moderation only: the person's open food needs, which a suspension hides. */
export async function openFoodNeedsOf(db: Kysely<Database>, requesterId: number, now: Date): Promise<number[]> {
  return openFoodRequestIdsOf(db, requesterId, now);
}
