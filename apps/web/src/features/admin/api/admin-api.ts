import type { ContactMessage } from '@annadaan/contract/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client';

export const CONTACT_MESSAGES_PAGE_SIZE = 20;

export async function fetchContactMessages(page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<ContactMessage[]>('/api/admin/contact-messages', {
    query: { page, pageSize: CONTACT_MESSAGES_PAGE_SIZE },
    signal,
  });
  return { messages: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const adminQueries = {
  contactMessages: (page: number) =>
    queryOptions({
      queryKey: ['admin', 'contact-messages', page] as const,
      queryFn: ({ signal }) => fetchContactMessages(page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useContactMessages(page: number) {
  return useQuery(adminQueries.contactMessages(page));
}
