import type { Alert, CreateAlertInput } from '@annadaan/contract/alerts';
import type { PinCodePlace } from '@annadaan/contract/geo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertQueries } from '../../../lib/saved-alerts';

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

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertQueries.all }) });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlert, onSuccess: () => queryClient.invalidateQueries({ queryKey: alertQueries.all }) });
}
