import type { Rating, SubmitRatingInput } from '@annadaan/contract/ratings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchGivenRatings(signal?: AbortSignal) {
  return apiRequest<Rating[]>('/api/ratings/given', { signal });
}

export function submitRating(input: SubmitRatingInput) {
  return apiRequest<Rating>('/api/ratings/submit', { method: 'POST', body: input });
}

export const ratingQueries = {
  all: ['ratings'] as const,
  given: () =>
    queryOptions({
      queryKey: [...ratingQueries.all, 'given'] as const,
      queryFn: ({ signal }) => fetchGivenRatings(signal),
    }),
};

export function useGivenRatings() {
  return useQuery(ratingQueries.given());
}

export function useSubmitRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingQueries.all }),
  });
}
