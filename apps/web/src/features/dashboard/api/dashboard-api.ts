import type { MonthlyDonations, MonthlyFoodRequests, RatingStatistics, TopDonor, UserRatings, UserSummary } from '@annadaan/contract/analytics';
import type { Donation } from '@annadaan/contract/donations';
import type { MyFoodRequest } from '@annadaan/contract/food-requests';
import type { DonationRequest, PendingReceived } from '@annadaan/contract/requests';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';

/*
 * Everything the dashboard reads. Query keys for lists other screens also show (my donations,
 * my sent requests, my food needs) are the ones those screens use, so their mutations refresh
 * the dashboard too; every analytics key starts with 'analytics' for the same reason.
 */
const get =
  <T>(path: string, query?: Record<string, string | number | boolean | undefined>) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiRequest<T>(path, { signal, query });

/** Browse answers up to 100 per page; the tab is an overview, Browse has the full list. */
const AVAILABLE_DONATIONS_SHOWN = 50;

export const dashboardQueries = {
  summary: () => queryOptions({ queryKey: ['analytics', 'user', 'summary'] as const, queryFn: get<UserSummary>('/api/analytics/user/summary') }),
  monthlyDonations: () =>
    queryOptions({ queryKey: ['analytics', 'user', 'donations'] as const, queryFn: get<MonthlyDonations>('/api/analytics/user/donations') }),
  monthlyFoodRequests: () =>
    queryOptions({
      queryKey: ['analytics', 'user', 'food-requests'] as const,
      queryFn: get<MonthlyFoodRequests>('/api/analytics/user/food-requests'),
    }),
  ratings: () => queryOptions({ queryKey: ['analytics', 'user', 'ratings'] as const, queryFn: get<UserRatings>('/api/analytics/user/ratings') }),
  ratingStatistics: () =>
    queryOptions({ queryKey: ['analytics', 'user', 'rating-statistics'] as const, queryFn: get<RatingStatistics>('/api/ratings/statistics') }),
  myDonations: () => queryOptions({ queryKey: ['donations', 'mine'] as const, queryFn: get<Donation[]>('/api/donations/my-donations') }),
  sentRequests: () => queryOptions({ queryKey: ['requests', 'sent'] as const, queryFn: get<DonationRequest[]>('/api/requests/my-sent-requests') }),
  // The key the navigation badge uses, so answering a request refreshes both.
  pendingReceived: () =>
    queryOptions({
      queryKey: ['requests', 'received', 'pending'] as const,
      queryFn: get<PendingReceived>('/api/requests/my-received-requests/pending-count'),
      staleTime: 0,
    }),
  myFoodRequests: () =>
    queryOptions({
      queryKey: ['food-requests', 'mine', 'dashboard'] as const,
      // The total too: the tab lists what the Food Requests counter counts, even beyond one page.
      queryFn: async ({ signal }) => {
        const { data, headers } = await apiRequestWithHeaders<MyFoodRequest[]>('/api/food-requests/my', { signal, query: { pageSize: 100 } });
        return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
      },
    }),
  topDonors: () => queryOptions({ queryKey: ['analytics', 'public', 'top-donors'] as const, queryFn: get<TopDonor[]>('/api/analytics/public/top-donors') }),
  availableDonations: () =>
    queryOptions({
      queryKey: ['donations', 'browse', 'dashboard'] as const,
      queryFn: get<Donation[]>('/api/browse/donations', { pageSize: AVAILABLE_DONATIONS_SHOWN }),
    }),
};
