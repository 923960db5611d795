import type { NotificationPage, UnreadCount } from '@annadaan/contract/notifications';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileQuery } from '../../../lib/profile-api';

export function fetchNotifications(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<NotificationPage>('/api/notifications', { query: { cursor: cursor ?? undefined }, signal });
}

export function fetchUnreadCount(signal?: AbortSignal) {
  return apiRequest<UnreadCount>('/api/notifications/unread-count', { signal });
}

export function markNotificationsRead(input: { ids: number[] } | { all: true }) {
  return apiRequest<{ marked: number }>('/api/notifications/read', { method: 'POST', body: input });
}

export const notificationQueries = {
  all: ['notifications'] as const,
  /**
   * The centre's pages, keyed by the account's language: the server words each notification in
   * it when read (decision 033), so once a switch is saved on the account the list is fetched
   * again in the new language.
   */
  list: (language: string | null = null) =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all, 'list', language] as const,
      queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page: NotificationPage) => page.nextCursor,
      staleTime: 0,
    }),
  unread: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'unread'] as const,
      queryFn: ({ signal }) => fetchUnreadCount(signal),
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
};

export function useUnreadCount(enabled = true) {
  return useQuery({ ...notificationQueries.unread(), enabled });
}

export function useNotifications() {
  // Only read from the cache here: the top bar loads the profile for every signed-in screen.
  const accountLanguage = useQuery({ ...profileQuery(), enabled: false }).data?.language ?? null;
  return useInfiniteQuery(notificationQueries.list(accountLanguage));
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}
