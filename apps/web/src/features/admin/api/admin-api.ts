import type { ContactMessage } from '@annadaan/contract/contact';
import type { MessagingRefusalList, MessagingUsage } from '@annadaan/contract/messaging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';

export const CONTACT_MESSAGES_PAGE_SIZE = 20;
export const MESSAGING_REFUSALS_PAGE_SIZE = 20;

export async function fetchContactMessages(page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<ContactMessage[]>('/api/admin/contact-messages', {
    query: { page, pageSize: CONTACT_MESSAGES_PAGE_SIZE },
    signal,
  });
  return { messages: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export async function fetchMessagingRefusals(page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<MessagingRefusalList>('/api/admin/messaging/failures', {
    query: { page, pageSize: MESSAGING_REFUSALS_PAGE_SIZE },
    signal,
  });
  return { failures: data.failures, total: Number(headers.get('x-total-count') ?? data.failures.length) };
}

export function fetchMessagingUsage(signal?: AbortSignal) {
  return apiRequest<MessagingUsage>('/api/admin/messaging/usage', { signal });
}

export const adminQueries = {
  contactMessages: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'contact-messages', page] as const,
      queryFn: ({ signal }) => fetchContactMessages(page, signal),
      placeholderData: keepPreviousData,
    }),
  messagingRefusals: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'messaging', 'refusals', page] as const,
      queryFn: ({ signal }) => fetchMessagingRefusals(page, signal),
      placeholderData: keepPreviousData,
    }),
  // The admin nav's marker and the screen's alert read the same query; a minute keeps the marker current without polling hard.
  messagingUsage: () =>
    queryOptions({
      queryKey: ['admin', 'messaging', 'usage'] as const,
      queryFn: ({ signal }) => fetchMessagingUsage(signal),
      refetchInterval: 60_000,
    }),
};

export function useContactMessages(page: number) {
  return useQuery(adminQueries.contactMessages(page));
}

export function useMessagingRefusals(page: number) {
  return useQuery(adminQueries.messagingRefusals(page));
}

export function useMessagingUsage(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminQueries.messagingUsage(), ...options });
}
