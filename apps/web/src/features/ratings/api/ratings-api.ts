import type { Rating, SubmitRatingInput } from '@annadaan/contract/ratings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The rating I gave on one pickup, if any: the list is paged, so a pickup is asked about by id. */
export async function fetchGivenRating(donationRequestId: number, signal?: AbortSignal): Promise<Rating | null> {
  const ratings = await apiRequest<Rating[]>('/api/ratings/given', { query: { donationRequestId }, signal });
  return ratings[0] ?? null;
}

export function submitRating(input: SubmitRatingInput) {
  return apiRequest<Rating>('/api/ratings/submit', { method: 'POST', body: input });
}

export const ratingQueries = {
  all: ['ratings'] as const,
  given: (donationRequestId: number) =>
    queryOptions({
      queryKey: [...ratingQueries.all, 'given', donationRequestId] as const,
      queryFn: ({ signal }) => fetchGivenRating(donationRequestId, signal),
    }),
};

export function useGivenRating(donationRequestId: number) {
  return useQuery(ratingQueries.given(donationRequestId));
}

export function useSubmitRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingQueries.all }),
  });
}
