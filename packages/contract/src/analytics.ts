import { z } from 'zod';
import { optionalQueryText, queryBoolean } from './paging';

/**
 * The signed-in person's own counters. A "food request" is any time they asked for food: a
 * request on someone's donation or a need they posted; the two parts are given as well.
 */
export const UserSummarySchema = z.object({
  myDonations: z.number().int(),
  myFoodRequests: z.number().int(),
  myDonationRequests: z.number().int(),
  myFoodNeeds: z.number().int(),
  myRatingsGiven: z.number().int(),
  myRatingsReceived: z.number().int(),
  /** Pickups confirmed where this person was the donor or the receiver. */
  completedHandovers: z.number().int(),
  /** Mean of the stars received, to 2 decimals; 0 when there are none (see myRatingsReceived). */
  averageRatingReceived: z.number(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** Months are India time (`YYYY-MM`), the last 12 up to the current one, oldest first, zeros included. */
export const SERIES_MONTHS = 12;

export const MonthlyDonationsSchema = z.array(z.object({ month: z.string(), donations: z.number().int() }));
export type MonthlyDonations = z.infer<typeof MonthlyDonationsSchema>;

export const MonthlyFoodRequestsSchema = z.array(
  z.object({ month: z.string(), requests: z.number().int(), donationRequests: z.number().int(), foodNeeds: z.number().int() }),
);
export type MonthlyFoodRequests = z.infer<typeof MonthlyFoodRequestsSchema>;

export const RatingSideSchema = z.object({ count: z.number().int(), average: z.number() });

/** Given vs Received: totals per side and one bar pair per star value, 5 stars first. */
export const UserRatingsSchema = z.object({
  given: RatingSideSchema,
  received: RatingSideSchema,
  byStars: z.array(z.object({ stars: z.number().int(), given: z.number().int(), received: z.number().int() })),
});
export type UserRatings = z.infer<typeof UserRatingsSchema>;

/** Ratings the signed-in person received. */
export const RatingStatisticsSchema = z.object({
  averageRating: z.number(),
  totalRatings: z.number().int(),
  fiveStarRatings: z.number().int(),
  fourStarRatings: z.number().int(),
  threeStarRatings: z.number().int(),
  twoStarRatings: z.number().int(),
  oneStarRatings: z.number().int(),
});
export type RatingStatistics = z.infer<typeof RatingStatisticsSchema>;

export const TOP_DONORS_LIMIT = 10;

export const TopDonorsQuerySchema = z.object({
  location: optionalQueryText('LOCATION', 200),
  available: queryBoolean('available'),
});
export type TopDonorsQuery = z.output<typeof TopDonorsQuerySchema>;

/** Public: a name and an area only. `donations` counts completed handovers. */
export const TopDonorSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  donations: z.number().int(),
  location: z.string(),
  /** Has a donation listed right now (AVAILABLE and not expired). */
  available: z.boolean(),
});
export type TopDonor = z.infer<typeof TopDonorSchema>;
export const TopDonorListSchema = z.array(TopDonorSchema);

/** The platform's own live figures. */
export const PlatformImpactSchema = z.object({
  completedHandovers: z.number().int(),
  donationsListed: z.number().int(),
  donors: z.number().int(),
  receiversServed: z.number().int(),
});
export type PlatformImpact = z.infer<typeof PlatformImpactSchema>;

/** Rounds a mean to 2 decimals; 0 when there is nothing to average. */
export function averageOf(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum * 100) / count) / 100;
}

/**
 * The last `count` India-time months up to the one holding `now`, oldest first, each with the
 * UTC instant it starts at and the one it ends at.
 */
export function indiaMonths(now: Date, count: number): Array<{ month: string; start: Date; end: Date }> {
  const IST_MS = (5 * 60 + 30) * 60_000;
  const local = new Date(now.getTime() + IST_MS);
  const year = local.getUTCFullYear();
  const monthIndex = local.getUTCMonth();
  const months: Array<{ month: string; start: Date; end: Date }> = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const startLocal = Date.UTC(year, monthIndex - back, 1);
    const endLocal = Date.UTC(year, monthIndex - back + 1, 1);
    const label = new Date(startLocal).toISOString().slice(0, 7);
    months.push({ month: label, start: new Date(startLocal - IST_MS), end: new Date(endLocal - IST_MS) });
  }
  return months;
}
