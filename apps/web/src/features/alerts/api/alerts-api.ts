import type { Alert, CreateAlertInput } from '@annadaan/contract/alerts';
import type { PinCodePlace } from '@annadaan/contract/geo';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchAlerts(signal?: AbortSignal) {
  return apiRequest<Alert[]>('/api/alerts', { signal });
}

export function createAlert(input: CreateAlertInput) {
  return apiRequest<Alert>('/api/alerts', { method: 'POST', body: input });
}

export function deleteAlert(id: number) {
  return apiRequest<null>(`/api/alerts/${id}`, { method: 'DELETE' });
}

/** The point of a pin code, from the server's geocoder (it keeps what it found). */
export function lookupPinCode(pinCode: string) {
  return apiRequest<PinCodePlace>(`/api/pincodes/${encodeURIComponent(pinCode)}`);
}

export const alertQueries = {
  all: ['alerts'] as const,
  list: () => queryOptions({ queryKey: [...alertQueries.all, 'list'] as const, queryFn: ({ signal }) => fetchAlerts(signal) }),
};

export function useAlerts() {
  return useQuery(alertQueries.list());
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertQueries.all }) });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertQueries.all }) });
}
