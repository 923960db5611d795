import type { Rating, RatingsQuery } from '@annadaan/contract/ratings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

export interface RatableRequest {
  id: number;
  status: string;
  donorId: number;
  receiverId: number;
}

export async function findRatableRequest(db: Db, requestId: number): Promise<RatableRequest | null> {
  const row = await db
    .selectFrom('donation_requests')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .select([
      'donation_requests.id as id',
      'donation_requests.status as status',
      'donations.donor_id as donorId',
      'donation_requests.receiver_id as receiverId',
    ])
    .where('donation_requests.id', '=', requestId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertRating(
  db: Db,
  values: { donationRequestId: number; raterId: number; rateeId: number; rating: number; comment: string },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('ratings')
    .values({
      donation_request_id: values.donationRequestId,
      rater_id: values.raterId,
      ratee_id: values.rateeId,
      rating: values.rating,
      comment: values.comment,
      created_at: toIso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Ratings by (`given`) or about (`received`) one user, newest first, with the other party's name:
 * one page and how many there are. The filter and order walk ratings_rater_idx or ratings_ratee_idx
 * (user, created_at); exported so a test can ask the planner.
 */
export function ratingListQueries(db: Db, userId: number, direction: 'given' | 'received', query: RatingsQuery) {
  const mine = direction === 'given' ? 'ratings.rater_id' : 'ratings.ratee_id';
  const other = direction === 'given' ? 'ratings.ratee_id' : 'ratings.rater_id';
  let count = db
    .selectFrom('ratings')
    .select((eb) => eb.fn.countAll().as('total'))
    .where(mine, '=', userId);
  let rows = db
    .selectFrom('ratings')
    .innerJoin('donation_requests', 'donation_requests.id', 'ratings.donation_request_id')
    .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
    .innerJoin('users as other', 'other.id', other)
    .select([
      'ratings.id as id',
      'ratings.donation_request_id as donationRequestId',
      'ratings.rating as rating',
      'ratings.comment as comment',
      'ratings.created_at as createdAt',
      'donations.food_name as foodName',
      'other.full_name as otherPartyName',
    ])
    .where(mine, '=', userId);
  if (query.donationRequestId !== undefined) {
    count = count.where('ratings.donation_request_id', '=', query.donationRequestId);
    rows = rows.where('ratings.donation_request_id', '=', query.donationRequestId);
  }
  rows = rows
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { count, rows };
}

export async function listRatings(db: Db, userId: number, direction: 'given' | 'received', query: RatingsQuery): Promise<{ total: number; items: Rating[] }> {
  const { count, rows } = ratingListQueries(db, userId, direction, query);
  const [counted, found] = await Promise.all([count.executeTakeFirstOrThrow(), rows.execute()]);
  return {
    total: Number(counted.total),
    items: found.map(toRating),
  };
}

/** One rating by its id, as its rater sees it (the answer to a submit). */
export async function findGivenRating(db: Db, raterId: number, id: number): Promise<Rating | null> {
  const { rows } = ratingListQueries(db, raterId, 'given', { page: 1, pageSize: 1 });
  const row = await rows.where('ratings.id', '=', id).executeTakeFirst();
  return row ? toRating(row) : null;
}

function toRating(row: {
  id: number;
  donationRequestId: number;
  rating: number;
  comment: string;
  foodName: string;
  otherPartyName: string;
  createdAt: string;
}): Rating {
  return {
    id: row.id,
    donationRequestId: row.donationRequestId,
    rating: Number(row.rating),
    comment: row.comment,
    foodName: row.foodName,
    otherPartyName: row.otherPartyName,
    createdAt: row.createdAt,
  };
}

/**
 * An account is being deleted: the stars it gave and received stay (others' averages and the
 * statistics), the words in either direction go, since they are by or about the person.
 */
export async function clearCommentsOf(db: Db, userId: number): Promise<void> {
  await db.updateTable('ratings').set({ comment: '' }).where('rater_id', '=', userId).where('comment', '<>', '').execute();
  await db.updateTable('ratings').set({ comment: '' }).where('ratee_id', '=', userId).where('comment', '<>', '').execute();
}
