import { type DonorReliability, NO_SHOW_RULE, type ReceiverReliability, RequestStatus } from '@annadaan/contract/requests';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY, toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/** Who ended an accepted request before pickup (donation_requests.cancelled_by). */
export const CancelledBy = { RECEIVER: 'RECEIVER', DONOR: 'DONOR' } as const;
export type CancelledBy = (typeof CancelledBy)[keyof typeof CancelledBy];

const none = { pickedUp: 0, accepted: 0 };

/**
 * "Picked up X of Y accepted" for each receiver (decision 029). Y: completed, no-shows, and
 * accepted requests the receiver withdrew; an acceptance still to be collected and one the donor
 * withdrew are left out. Counted from donation_requests_outcome_idx alone; an accepted request
 * whose food ran out before the sweep wrote NO_SHOW is counted as one, as every read does.
 */
export async function receiverReliabilities(db: Db, receiverIds: readonly number[], now: Date): Promise<Map<number, ReceiverReliability>> {
  const ids = [...new Set(receiverIds)];
  const result = new Map<number, ReceiverReliability>(ids.map((id) => [id, { ...none }]));
  if (ids.length === 0) return result;
  const [settled, unswept] = await Promise.all([
    db
      .selectFrom('donation_requests')
      .select([
        'receiver_id as receiverId',
        sql<number>`count(case when status = ${RequestStatus.COMPLETED} then 1 end)`.as('pickedUp'),
        (eb) => eb.fn.countAll<number>().as('accepted'),
      ])
      .where('receiver_id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('status', 'in', [RequestStatus.COMPLETED, RequestStatus.NO_SHOW]),
          eb.and([eb('status', '=', RequestStatus.CANCELLED), eb('cancelled_by', '=', CancelledBy.RECEIVER)]),
        ]),
      )
      .groupBy('receiver_id')
      .execute(),
    expiredAcceptances(db, ids, now)
      .select(['donation_requests.receiver_id as receiverId', (eb) => eb.fn.countAll<number>().as('missed')])
      .groupBy('donation_requests.receiver_id')
      .execute(),
  ]);
  for (const row of settled) result.set(row.receiverId, { pickedUp: Number(row.pickedUp), accepted: Number(row.accepted) });
  for (const row of unswept) {
    const figure = result.get(row.receiverId) ?? { ...none };
    result.set(row.receiverId, { pickedUp: figure.pickedUp, accepted: figure.accepted + Number(row.missed) });
  }
  return result;
}

/** Accepted requests of these receivers whose food expired before anyone wrote NO_SHOW (few: one per accepted donation). */
function expiredAcceptances(db: Db, receiverIds: readonly number[], now: Date) {
  return db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .where('donation_requests.receiver_id', 'in', receiverIds)
    .where('donation_requests.status', '=', RequestStatus.AWAITING_PICKUP)
    .where('donations.expires_at', '<=', toIso(now));
}

/**
 * "Handed over X of Y accepted" for each donor (decision 029). Y: completed pickups and accepted
 * requests the donor withdrew; a receiver's no-show or withdrawal is not the donor's doing. Walks
 * donations_donor_idx, then donation_requests_donation_idx (donation_id, status).
 */
export async function donorReliabilities(db: Db, donorIds: readonly number[]): Promise<Map<number, DonorReliability>> {
  const ids = [...new Set(donorIds)];
  const result = new Map<number, DonorReliability>(ids.map((id) => [id, { handedOver: 0, accepted: 0 }]));
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('donations')
    .innerJoin('donation_requests', 'donation_requests.donation_id', 'donations.id')
    .select([
      'donations.donor_id as donorId',
      sql<number>`count(case when donation_requests.status = ${RequestStatus.COMPLETED} then 1 end)`.as('handedOver'),
      (eb) => eb.fn.countAll<number>().as('accepted'),
    ])
    .where('donations.donor_id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb('donation_requests.status', '=', RequestStatus.COMPLETED),
        eb.and([eb('donation_requests.status', '=', RequestStatus.CANCELLED), eb('donation_requests.cancelled_by', '=', CancelledBy.DONOR)]),
      ]),
    )
    .groupBy('donations.donor_id')
    .execute();
  for (const row of rows) result.set(row.donorId, { handedOver: Number(row.handedOver), accepted: Number(row.accepted) });
  return result;
}

export interface NoShowStanding {
  /** No-shows within the window and after the latest completed pickup. */
  recentNoShows: number;
  /** Accepted requests still to be collected (food not yet expired). */
  openAccepted: number;
  limited: boolean;
}

/**
 * Where a receiver stands with the rule "three no-shows in 30 days: one accepted request at a time
 * until the next completed pickup". A no-show happens when the food expires, so its moment is the
 * donation's expiry (missed_at once swept). Range reads of donation_requests_outcome_idx, plus the
 * receiver's few accepted requests.
 */
export async function noShowStanding(db: Db, receiverId: number, now: Date): Promise<NoShowStanding> {
  const lastPickup = await db
    .selectFrom('donation_requests')
    .select((eb) => eb.fn.max('completed_at').as('at'))
    .where('receiver_id', '=', receiverId)
    .where('status', '=', RequestStatus.COMPLETED)
    .executeTakeFirst();
  const windowStart = toIso(new Date(now.getTime() - NO_SHOW_RULE.windowDays * DAY));
  const since = lastPickup?.at && lastPickup.at > windowStart ? lastPickup.at : windowStart;
  const [swept, accepted] = await Promise.all([
    db
      .selectFrom('donation_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('receiver_id', '=', receiverId)
      .where('status', '=', RequestStatus.NO_SHOW)
      .where('missed_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('donation_requests')
      .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
      .select([
        sql<number>`count(case when donations.expires_at > ${toIso(now)} then 1 end)`.as('open'),
        sql<number>`count(case when donations.expires_at <= ${toIso(now)} and donations.expires_at > ${since} then 1 end)`.as('missed'),
      ])
      .where('donation_requests.receiver_id', '=', receiverId)
      .where('donation_requests.status', '=', RequestStatus.AWAITING_PICKUP)
      .executeTakeFirstOrThrow(),
  ]);
  const recentNoShows = Number(swept.n) + Number(accepted.missed);
  return { recentNoShows, openAccepted: Number(accepted.open), limited: recentNoShows >= NO_SHOW_RULE.noShows };
}

/**
 * Holds the receiver's row for the rest of the transaction (a no-op write takes the row lock on
 * PostgreSQL; SQLite runs one write transaction at a time), so two donors accepting this
 * receiver's requests at once check the no-show rule one after the other.
 */
export async function lockReceiver(db: Db, receiverId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', receiverId)
    .execute();
}

/**
 * The sweep's part: accepted requests on these (just expired) donations become NO_SHOW, missed at
 * the food's expiry. Only AWAITING_PICKUP rows move, so a second sweep changes nothing. Returns
 * whose they were and for what food.
 */
export async function markNoShows(db: Db, donationIds: readonly number[], now: Date): Promise<{ receiverId: number; donationId: number; foodName: string }[]> {
  if (donationIds.length === 0) return [];
  const rows = await db
    .updateTable('donation_requests')
    .set((eb) => ({
      status: RequestStatus.NO_SHOW,
      pickup_code: null,
      missed_at: eb.selectFrom('donations').select('donations.expires_at').whereRef('donations.id', '=', 'donation_requests.donation_id'),
      updated_at: toIso(now),
    }))
    .where('donation_id', 'in', donationIds)
    .where('status', '=', RequestStatus.AWAITING_PICKUP)
    .returning(['receiver_id', 'donation_id'])
    .execute();
  if (rows.length === 0) return [];
  const foods = await db
    .selectFrom('donations')
    .select(['id', 'food_name'])
    .where('id', 'in', [...new Set(rows.map((row) => row.donation_id))])
    .execute();
  const foodOf = new Map(foods.map((food) => [food.id, food.food_name]));
  return rows.map((row) => ({ receiverId: row.receiver_id, donationId: row.donation_id, foodName: foodOf.get(row.donation_id) ?? '' }));
}
