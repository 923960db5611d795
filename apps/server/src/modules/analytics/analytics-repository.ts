import type { PlatformImpact, TopDonor, TopDonorsQuery } from '@annadaan/contract/analytics';
import { TOP_DONORS_LIMIT } from '@annadaan/contract/analytics';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { toIso } from '../../lib/clock';

type Db = Kysely<Database>;

/** pg sends counts and sums as strings, SQLite as numbers; null when summing nothing. */
const toCount = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

export interface UserCounts {
  donations: number;
  donationRequests: number;
  foodNeeds: number;
  ratingsGiven: number;
  ratingsReceived: number;
  ratingsReceivedSum: number;
  completedHandovers: number;
}

/** Every counter of one person, in one round trip of scalar subqueries. */
export async function userCounts(db: Db, userId: number): Promise<UserCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('donations')
        .select((e) => e.fn.countAll().as('n'))
        .where('donor_id', '=', userId)
        .as('donations'),
      eb
        .selectFrom('donation_requests')
        .select((e) => e.fn.countAll().as('n'))
        .where('receiver_id', '=', userId)
        .as('donationRequests'),
      eb
        .selectFrom('food_requests')
        .select((e) => e.fn.countAll().as('n'))
        .where('requester_id', '=', userId)
        .as('foodNeeds'),
      eb
        .selectFrom('ratings')
        .select((e) => e.fn.countAll().as('n'))
        .where('rater_id', '=', userId)
        .as('ratingsGiven'),
      eb
        .selectFrom('ratings')
        .select((e) => e.fn.countAll().as('n'))
        .where('ratee_id', '=', userId)
        .as('ratingsReceived'),
      eb
        .selectFrom('ratings')
        .select((e) => e.fn.sum<number>('rating').as('n'))
        .where('ratee_id', '=', userId)
        .as('ratingsReceivedSum'),
      eb
        .selectFrom('donation_requests')
        .innerJoin('donations', 'donations.id', 'donation_requests.donation_id')
        .select((e) => e.fn.countAll().as('n'))
        .where('donation_requests.status', '=', 'COMPLETED')
        .where((e) => e.or([e('donations.donor_id', '=', userId), e('donation_requests.receiver_id', '=', userId)]))
        .as('completedHandovers'),
    ])
    .executeTakeFirstOrThrow();
  return {
    donations: toCount(row.donations),
    donationRequests: toCount(row.donationRequests),
    foodNeeds: toCount(row.foodNeeds),
    ratingsGiven: toCount(row.ratingsGiven),
    ratingsReceived: toCount(row.ratingsReceived),
    ratingsReceivedSum: toCount(row.ratingsReceivedSum),
    completedHandovers: toCount(row.completedHandovers),
  };
}

export interface MonthWindow {
  month: string;
  start: Date;
  end: Date;
}

/**
 * The month label of a stored instant, for the given India-time months. Instants are fixed-width
 * UTC text, so comparing with each month's start decides the month on both databases alike.
 * Labels and bounds are literals, not parameters: PostgreSQL must see the GROUP BY expression as
 * the very one selected, and both come from the server's own month list, never from input.
 */
function monthOf(column: string, months: MonthWindow[]): RawBuilder<string> {
  const whens = months
    .slice(1)
    .map((month, index) => sql`when ${sql.ref(column)} < ${sql.lit(toIso(month.start))} then ${sql.lit(months[index]?.month ?? '')}`);
  const last = months[months.length - 1]?.month ?? '';
  return sql<string>`case ${sql.join(whens, sql` `)} else ${sql.lit(last)} end`;
}

type CountedTable = 'donations' | 'donation_requests' | 'food_requests';
const OWNER_COLUMN: Record<CountedTable, 'donor_id' | 'receiver_id' | 'requester_id'> = {
  donations: 'donor_id',
  donation_requests: 'receiver_id',
  food_requests: 'requester_id',
};

/** Rows one person created per month, for the months given; months without rows are absent. */
export async function countsPerMonth(db: Db, table: CountedTable, userId: number, months: MonthWindow[]): Promise<Map<string, number>> {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return new Map();
  const month = monthOf('created_at', months);
  const rows = await db
    .selectFrom(table)
    .select([month.as('month'), (eb) => eb.fn.countAll().as('n')])
    .where(OWNER_COLUMN[table], '=', userId)
    .where('created_at', '>=', toIso(first.start))
    .where('created_at', '<', toIso(last.end))
    .groupBy(month)
    .execute();
  return new Map(rows.map((row) => [row.month, toCount(row.n)]));
}

/** How many ratings of each star value a person gave or received. */
export async function ratingsByStars(db: Db, userId: number, direction: 'given' | 'received'): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('ratings')
    .select(['rating', (eb) => eb.fn.countAll().as('n')])
    .where(direction === 'given' ? 'rater_id' : 'ratee_id', '=', userId)
    .groupBy('rating')
    .execute();
  return new Map(rows.map((row) => [Number(row.rating), toCount(row.n)]));
}

/**
 * Donors by completed handovers, most first (ties by name, then id). Only people with at least
 * one completed handover and an account in use; `available` means a donation listed right now.
 */
export async function topDonors(db: Db, query: TopDonorsQuery, now: Date): Promise<TopDonor[]> {
  const listedNow = (donorId: Expression<number>): Expression<SqlBool> =>
    sql<SqlBool>`exists (select 1 from donations live where live.donor_id = ${donorId} and live.status = 'AVAILABLE' and live.expires_at > ${toIso(now)})`;
  let q = db
    .selectFrom('users')
    .innerJoin('donations', 'donations.donor_id', 'users.id')
    .innerJoin('donation_requests', 'donation_requests.donation_id', 'donations.id')
    .select((eb) => [
      'users.id as userId',
      'users.full_name as name',
      // The city only: the list is public, and a donor's location may be a home address.
      'users.city as location',
      eb.fn.countAll().as('donations'),
      sql<number>`case when ${listedNow(eb.ref('users.id'))} then 1 else 0 end`.as('available'),
    ])
    .where('donation_requests.status', '=', 'COMPLETED')
    .where('users.deactivated_at', 'is', null);
  if (query.location) {
    const pattern = `%${query.location.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
    q = q.where(sql<boolean>`lower(${sql.ref('users.city')}) like ${pattern} escape '!'`);
  }
  if (query.available !== undefined) {
    q = q.where((eb) => (query.available ? listedNow(eb.ref('users.id')) : eb.not(listedNow(eb.ref('users.id')))));
  }
  const rows = await q
    .groupBy(['users.id', 'users.full_name', 'users.city'])
    .orderBy('donations', 'desc')
    .orderBy('users.full_name', 'asc')
    .orderBy('users.id', 'asc')
    .limit(TOP_DONORS_LIMIT)
    .execute();
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    donations: toCount(row.donations),
    location: row.location,
    available: Number(row.available) === 1,
  }));
}

/** The platform's live figures. */
export async function platformImpact(db: Db): Promise<PlatformImpact> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('donation_requests')
        .select((e) => e.fn.countAll().as('n'))
        .where('status', '=', 'COMPLETED')
        .as('completedHandovers'),
      eb
        .selectFrom('donations')
        .select((e) => e.fn.countAll().as('n'))
        .as('donationsListed'),
      eb
        .selectFrom('donations')
        .select((e) => e.fn.count('donor_id').distinct().as('n'))
        .as('donors'),
      eb
        .selectFrom('donation_requests')
        .select((e) => e.fn.count('receiver_id').distinct().as('n'))
        .where('status', '=', 'COMPLETED')
        .as('receiversServed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    completedHandovers: toCount(row.completedHandovers),
    donationsListed: toCount(row.donationsListed),
    donors: toCount(row.donors),
    receiversServed: toCount(row.receiversServed),
  };
}
