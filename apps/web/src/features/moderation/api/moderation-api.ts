import type { AuditEntry, CreateReportInput, ModerationActionInput, ModerationQueueItem, ModerationResult, Report } from '@annadaan/contract/moderation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client';

export const AUDIT_LOG_PAGE_SIZE = 20;

export function createReport(input: CreateReportInput) {
  return apiRequest<Report>('/api/reports', { method: 'POST', body: input });
}

export async function fetchModerationQueue(page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<ModerationQueueItem[]>('/api/admin/reports', { query: { page }, signal });
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function moderate(input: ModerationActionInput) {
  return apiRequest<ModerationResult>('/api/admin/moderation/actions', { method: 'POST', body: input });
}

export async function fetchAuditLog(page: number, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<AuditEntry[]>('/api/admin/audit-log', { query: { page, pageSize: AUDIT_LOG_PAGE_SIZE }, signal });
  return { entries: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const moderationQueries = {
  all: ['moderation'] as const,
  queue: (page: number) =>
    queryOptions({
      queryKey: [...moderationQueries.all, 'queue', page] as const,
      queryFn: ({ signal }) => fetchModerationQueue(page, signal),
      placeholderData: keepPreviousData,
    }),
  auditLog: (page: number) =>
    queryOptions({
      queryKey: [...moderationQueries.all, 'audit-log', page] as const,
      queryFn: ({ signal }) => fetchAuditLog(page, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}

export function useModerationQueue(page: number) {
  return useQuery(moderationQueries.queue(page));
}

export function useAuditLog(page: number) {
  return useQuery(moderationQueries.auditLog(page));
}

/** An action changes the queue, the audit log and what lists show. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueries.all }),
        queryClient.invalidateQueries({ queryKey: ['browse'] }),
        queryClient.invalidateQueries({ queryKey: ['donations'] }),
        queryClient.invalidateQueries({ queryKey: ['food-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['map'] }),
      ]),
  });
}
