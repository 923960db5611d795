import type { NotificationPreferences, UnsubscribeResult, UpdateNotificationPreferencesInput } from '@annadaan/contract/notification-preferences';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchPreferences(signal?: AbortSignal) {
  return apiRequest<NotificationPreferences>('/api/notification-preferences', { signal });
}

export function savePreferences(input: UpdateNotificationPreferencesInput) {
  return apiRequest<NotificationPreferences>('/api/notification-preferences', { method: 'PUT', body: input });
}

/** What an email's unsubscribe link would switch off; reading it changes nothing. */
export function fetchUnsubscribe(token: string, signal?: AbortSignal) {
  return apiRequest<UnsubscribeResult>('/api/unsubscribe', { query: { token }, signal });
}

export function confirmUnsubscribe(token: string) {
  return apiRequest<UnsubscribeResult>('/api/unsubscribe', { method: 'POST', query: { token }, body: {} });
}

export const preferenceQueries = {
  all: ['notification-preferences'] as const,
  mine: () => queryOptions({ queryKey: [...preferenceQueries.all, 'mine'] as const, queryFn: ({ signal }) => fetchPreferences(signal) }),
  unsubscribe: (token: string) =>
    queryOptions({
      queryKey: [...preferenceQueries.all, 'unsubscribe', token] as const,
      queryFn: ({ signal }) => fetchUnsubscribe(token, signal),
      retry: false,
    }),
};

export function usePreferences() {
  return useQuery(preferenceQueries.mine());
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferenceQueries.mine().queryKey, saved),
  });
}

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...preferenceQueries.unsubscribe(token), enabled: token.length > 0 });
}

export function useConfirmUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmUnsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferenceQueries.all }),
  });
}
