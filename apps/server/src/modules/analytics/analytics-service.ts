import {
  type MonthlyDonations,
  type MonthlyFoodRequests,
  type RatingStatistics,
  SERIES_MONTHS,
  type UserRatings,
  type UserSummary,
  averageOf,
  indiaMonths,
} from '@annadaan/contract/analytics';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countsPerMonth, ratingsByStars, userCounts } from './analytics-repository';

type Db = Kysely<Database>;

const STARS_DOWN = [5, 4, 3, 2, 1] as const;

export async function userSummary(db: Db, userId: number): Promise<UserSummary> {
  const counts = await userCounts(db, userId);
  return {
    myDonations: counts.donations,
    myFoodRequests: counts.donationRequests + counts.foodNeeds,
    myDonationRequests: counts.donationRequests,
    myFoodNeeds: counts.foodNeeds,
    myRatingsGiven: counts.ratingsGiven,
    myRatingsReceived: counts.ratingsReceived,
    completedHandovers: counts.completedHandovers,
    averageRatingReceived: averageOf(counts.ratingsReceivedSum, counts.ratingsReceived),
  };
}

export async function monthlyDonations(db: Db, userId: number, now: Date): Promise<MonthlyDonations> {
  const months = indiaMonths(now, SERIES_MONTHS);
  const counts = await countsPerMonth(db, 'donations', userId, months);
  return months.map(({ month }) => ({ month, donations: counts.get(month) ?? 0 }));
}

export async function monthlyFoodRequests(db: Db, userId: number, now: Date): Promise<MonthlyFoodRequests> {
  const months = indiaMonths(now, SERIES_MONTHS);
  const [onDonations, needs] = await Promise.all([
    countsPerMonth(db, 'donation_requests', userId, months),
    countsPerMonth(db, 'food_requests', userId, months),
  ]);
  return months.map(({ month }) => {
    const donationRequests = onDonations.get(month) ?? 0;
    const foodNeeds = needs.get(month) ?? 0;
    return { month, requests: donationRequests + foodNeeds, donationRequests, foodNeeds };
  });
}

function side(byStars: Map<number, number>) {
  let count = 0;
  let sum = 0;
  for (const [stars, n] of byStars) {
    count += n;
    sum += stars * n;
  }
  return { count, average: averageOf(sum, count) };
}

export async function userRatings(db: Db, userId: number): Promise<UserRatings> {
  const [given, received] = await Promise.all([ratingsByStars(db, userId, 'given'), ratingsByStars(db, userId, 'received')]);
  return {
    given: side(given),
    received: side(received),
    byStars: STARS_DOWN.map((stars) => ({ stars, given: given.get(stars) ?? 0, received: received.get(stars) ?? 0 })),
  };
}

export async function ratingStatistics(db: Db, userId: number): Promise<RatingStatistics> {
  const received = await ratingsByStars(db, userId, 'received');
  const { count, average } = side(received);
  const of = (stars: number) => received.get(stars) ?? 0;
  return {
    averageRating: average,
    totalRatings: count,
    fiveStarRatings: of(5),
    fourStarRatings: of(4),
    threeStarRatings: of(3),
    twoStarRatings: of(2),
    oneStarRatings: of(1),
  };
}
